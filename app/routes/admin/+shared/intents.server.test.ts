import { describe, expect, test } from 'vitest';
import type { AdminAuth } from '~/services/admin-guard.server';
import { dispatchIntent, formReply, UNKNOWN_INTENT, type IntentContext } from './intents.server';

function context(fields: Record<string, string>): IntentContext {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.set(key, value);
  return {
    auth: {} as AdminAuth,
    request: new Request('http://localhost/admin/staff', { method: 'POST' }),
    formData,
    actor: { id: null, name: 'test' },
    path: '/admin/staff',
  };
}

const handlers = {
  create: async ({ path }: IntentContext) => Response.redirect(`http://localhost${path}`, 302),
  reset: async () => formReply('reset', { status: 'error', error: { password: ['Too short'] } }, 409),
};

describe('dispatchIntent', () => {
  test("runs the handler named by the form's intent, with the context", async () => {
    const answer = await dispatchIntent(context({ intent: 'create' }), handlers);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('Location')).toBe('http://localhost/admin/staff');
  });

  test("a handler's formReply keeps its intent and status", async () => {
    const answer = await dispatchIntent(context({ intent: 'reset' }), handlers);
    expect(answer).toMatchObject({ init: { status: 409 }, data: { intent: 'reset', result: { error: { password: ['Too short'] } } } });
  });

  test.each([[{}], [{ intent: 'delete' }], [{ intent: 'toString' }], [{ intent: '__proto__' }]])(
    'no handler (%o): 400 with the error under the field intent',
    async (fields) => {
      const answer = await dispatchIntent(context(fields), handlers);
      expect(answer).toMatchObject({ init: { status: 400 }, data: { intent: null, result: { status: 'error', error: { intent: [UNKNOWN_INTENT] } } } });
    },
  );
});
