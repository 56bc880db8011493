import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressProblem } from '../../../bff/src/webhooks/receiver-address.ts';
import { ReceiverCalls, type ResolveAll } from '../../../bff/src/webhooks/receiver-call.ts';
import { WebhookReceiver } from '../../support/webhook-receiver.ts';

describe('the addresses a webhook may reach', () => {
  it.each([
    ['203.0.113.10', 'https:', [], null],
    ['203.0.113.10', 'http:', [], /use https/],
    ['127.0.0.1', 'http:', [], null],
    ['::1', 'http:', [], null],
    ['169.254.169.254', 'https:', ['169.254.0.0/16'], /link-local/],
    ['::ffff:169.254.169.254', 'https:', [], /link-local/],
    ['[::ffff:a9fe:a9fe]', 'https:', [], /link-local/],
    ['fe80::1', 'https:', ['fe80::/10'], /link-local/],
    ['fd00:ec2::254', 'https:', [], /metadata/],
    ['100.100.100.200', 'https:', [], /metadata/],
    ['0.0.0.0', 'http:', [], /unspecified/],
    ['10.0.0.7', 'https:', [], /private network/],
    ['10.0.0.7', 'http:', ['10.0.0.0/8'], null],
    ['192.168.1.20', 'https:', ['10.0.0.0/8'], /private network/],
    ['fd12::1', 'https:', ['fd12::/16'], null],
  ] as const)('%s over %s with %j allowed', (address, protocol, allowed, problem) => {
    const found = addressProblem(address, protocol, allowed);
    if (problem === null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });
});

describe('the address checked again when a connection is made', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(() => receiver.close());

  it('refuses a name that resolves to a metadata address at connection time, though it resolved to loopback before (DNS rebinding)', async () => {
    const answers: LookupAddress[][] = [[{ address: '127.0.0.1', family: 4 }], [{ address: '169.254.169.254', family: 4 }]];
    const resolve: ResolveAll = (_hostname, _options, callback) => callback(null, answers.shift() ?? []);
    const calls = new ReceiverCalls(2_000, resolve);
    try {
      const url = new URL(`http://rebinding.test:${receiver.port}/hook`);
      expect(await calls.post(url, {}, '{}')).toMatchObject({ outcome: 'delivered', status: 200 });
      // The receiver closes each connection, so the second attempt connects, and looks the name up, again.
      const second = await calls.post(url, {}, '{}');
      expect(second).toMatchObject({ outcome: 'error', status: null });
      expect(second.response).toMatch(/not sent: rebinding\.test resolves to 169\.254\.169\.254 is a link-local/);
      expect(receiver.callsTo('/hook')).toHaveLength(1);
    } finally {
      await calls.close();
    }
  });

  it('refuses an address written in the URL before connecting', async () => {
    const calls = new ReceiverCalls(2_000);
    try {
      expect(await calls.post(new URL('http://169.254.169.254/latest/meta-data'), {}, '{}')).toMatchObject({ outcome: 'error', response: expect.stringMatching(/^not sent: .*link-local/) });
    } finally {
      await calls.close();
    }
  });
});
