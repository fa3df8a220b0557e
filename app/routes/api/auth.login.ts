/** Stub: being built. */
import { apiError } from '~/lib/api.server';

export function action() {
  return apiError(501, 'Not implemented');
}
