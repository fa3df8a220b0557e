/**
 * SECRETS_KEY=<new> OLD_SECRETS_KEY=<old> npm run secrets:rotate
 * npm run secrets:rotate -- --new-key
 *
 * Re-encrypt every stored two-factor secret with SECRETS_KEY
 * (docs/decisions/045-security-round-two.md#3-two-factor-secrets, docs/deploy.md "Rotating
 * SECRETS_KEY"): secrets encrypted with OLD_SECRETS_KEY, and any still in plaintext, are rewritten;
 * ones already under SECRETS_KEY are left. Keys come from the environment, never the command line,
 * so they are not in the process list or the shell history. `--new-key` prints a new random key.
 * Stops with an error, changing nothing more, when a secret opens with neither key.
 */
import { newSecretsKey, secretsKeyConfigured } from '~/lib/secrets.server';
import { encryptStoredSecrets } from '~/models/two-factor.server';
import { openFromEnv, runScript } from './open-database';

await runScript(async () => {
  const args = process.argv.slice(2);
  if (args.includes('--new-key')) {
    console.log(newSecretsKey());
    return;
  }
  if (args.length > 0) throw new Error(`Unknown option ${args.join(', ')}: keys come from SECRETS_KEY and OLD_SECRETS_KEY; --new-key prints a new one`);
  if (!process.env.SECRETS_KEY) throw new Error('SECRETS_KEY: set the new key (and OLD_SECRETS_KEY to the one it replaces)');
  if (!secretsKeyConfigured()) throw new Error('SECRETS_KEY is not usable');
  const handle = await openFromEnv('secrets:rotate');
  try {
    const rewritten = await encryptStoredSecrets();
    console.log(
      `Re-encrypted ${rewritten} two-factor secret${rewritten === 1 ? '' : 's'} with SECRETS_KEY. Keep OLD_SECRETS_KEY until the servers run with the new key, then remove it.`,
    );
  } finally {
    await handle.close();
  }
});
