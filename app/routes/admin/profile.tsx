/** Stub until the back office part 2 fills it: the shared 'coming next' page. */
export { default, loader, meta } from './coming-next';
