/** Any unknown /api path: 404 `{error}` in JSON, never the HTML 404 page. */
import { apiError } from '~/lib/api.server';

function answer(): never {
  throw apiError(404, 'Not found');
}

export const loader = answer;
export const action = answer;
