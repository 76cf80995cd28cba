/** A Stripe stand-in of a test file's own, its events posted to a receiver of the file's own, and the SDK pointed at it. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { createStripeStandIn } from '../../stand-ins/stripe/server.mjs';

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const closed = (server: Server) => new Promise((resolve) => server.close(resolve));

/** `onEvent` gets each delivery's body and Stripe-Signature header; the receiver answers 200. */
export async function startStripeStandIn(onEvent: (payload: string, signature: string) => void) {
  const receiver = createServer((req, res) => {
    let payload = '';
    req.on('data', (chunk) => (payload += chunk));
    req.on('end', () => {
      onEvent(payload, String(req.headers['stripe-signature']));
      res.writeHead(200).end('{}');
    });
  });
  const receiverPort = await listen(receiver);
  const standIn = createStripeStandIn({ webhookUrl: `http://127.0.0.1:${receiverPort}/hook`, retryBaseMs: 10 });
  const port = await listen(standIn);
  return {
    base: `http://127.0.0.1:${port}`,
    stripe: new Stripe('sk_test_unit', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 2, telemetry: false }),
    close: () => Promise.all([closed(standIn), closed(receiver)]),
  };
}
