/** Stub */
export function loader() { return null; }
