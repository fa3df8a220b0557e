/**
 * The fake Razorpay (tests/support/fake-razorpay.ts) as a process of its own, for Playwright runs:
 * the browser presses Pay on the site, lands on the fake's pay page, presses "Pay ₹X", and the fake
 * delivers the signed webhooks to the site and sends the browser back to the callback URL.
 *
 *   FAKE_RAZORPAY_PORT=3633 RAZORPAY_KEY_ID=rzp_test_e2e RAZORPAY_KEY_SECRET=... \
 *   RAZORPAY_WEBHOOK_SECRET=... FAKE_RAZORPAY_WEBHOOK_URL=http://127.0.0.1:3631/api/webhooks/razorpay \
 *   npx tsx tests/support/fake-razorpay-server.ts
 *
 * The site's server gets the same three secrets and RAZORPAY_API_URL=http://127.0.0.1:<port>.
 * GET / answers 200 (for Playwright's webServer readiness check). Stops on SIGTERM / SIGINT.
 */
import { startFakeRazorpay } from './fake-razorpay';

const port = Number(process.env.FAKE_RAZORPAY_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('FAKE_RAZORPAY_PORT: the port to listen on');
const fake = await startFakeRazorpay({
  port,
  keyId: process.env.RAZORPAY_KEY_ID,
  keySecret: process.env.RAZORPAY_KEY_SECRET,
  webhookSecret: process.env.RAZORPAY_WEBHOOK_SECRET,
  webhookUrl: process.env.FAKE_RAZORPAY_WEBHOOK_URL ?? null,
});
console.log(`fake Razorpay on ${fake.url}`);
const stop = () => void fake.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
