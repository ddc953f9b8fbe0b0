import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequestsFor } from '../../lib/http-errors.js';
import type { Db } from '../../db/connect.js';

/** One counting rule: failures within a window; from the threshold on, each further attempt waits a growing delay. */
export interface ThrottleRule {
  /** Failures are counted in windows of this length (opened by the first failure of a key). */
  windowSeconds: number;
  /** From this many failures in the window, the next attempt waits. */
  threshold: number;
  /** The first wait, doubled by each further failure, never longer than the last. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

/** The rules of DESIGN §5 "Throttling", in one place. */
export const THROTTLE = {
  /**
   * Consecutive failures of one account from one client (its address, or its known browser): from the 5th, 2 s
   * doubling up to 5 minutes. A success of the pair forgets them; otherwise they are forgotten a day after the first.
   */
  pair: { windowSeconds: 24 * 60 * 60, threshold: 5, firstDelaySeconds: 2, maxDelaySeconds: 5 * 60 },
  /** Failures from one client address on any account, per hour: from the 100th, 2 s doubling up to 5 minutes. */
  addressHour: { windowSeconds: 60 * 60, threshold: 100, firstDelaySeconds: 2, maxDelaySeconds: 5 * 60 },
  /** The same per day: from the 500th, 1 minute doubling up to 1 hour. */
  addressDay: { windowSeconds: 24 * 60 * 60, threshold: 500, firstDelaySeconds: 60, maxDelaySeconds: 60 * 60 },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Seconds the next attempt waits after the `failures`-th failure of a key: nothing below the rule's threshold, then
 * its first delay doubled by each further failure, at most its longest. A wait always ends.
 */
export function throttleDelaySeconds(failures: number, rule: ThrottleRule): number {
  if (failures < rule.threshold) return 0;
  return Math.min(rule.firstDelaySeconds * 2 ** Math.min(failures - rule.threshold, 30), rule.maxDelaySeconds);
}

/**
 * The client address as the throttle counts it: an IPv4 address as it is (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * an IPv6 address by its /64 (one subscriber's network, whose addresses a client may change at will).
 */
export function throttleAddress(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  // A zone (fe80::1%eth0) names the local interface, not the client.
  const address = trimmed.includes('%') ? trimmed.slice(0, trimmed.indexOf('%')) : trimmed;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address it carries.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address ("::" expanded, an IPv4 tail turned into two groups). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string): number[] =>
    part
      ? part.split(':').flatMap((g) => {
          if (!g.includes('.')) return [parseInt(g, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        })
      : [];
  const [head = '', tail] = address.split('::');
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Who tries: the account's e-mail as typed (known or not, so a refusal tells nothing), the client's address, and the
 * browser's mark when it signed in to this very account before (see device.ts).
 */
export interface ThrottleSubject {
  email: string;
  ip: string;
  device?: string | null;
}

interface Dimension {
  key: string;
  rule: ThrottleRule;
}

/** Short, fixed-length keys (an e-mail may be long; the store's keys are at most 255 characters). */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * The keys an attempt is counted under: the pair of its account and its client (the known browser, or else the
 * address), then, for a client not known to the account, its address per hour and per day. A known browser is never
 * held back by the address it shares with others, nor by other clients' failures on its account.
 */
function dimensions(subject: ThrottleSubject): Dimension[] {
  const email = subject.email.trim().toLowerCase();
  const address = throttleAddress(subject.ip);
  if (subject.device) return [{ key: `pair:${digest(`${email}\ndevice:${subject.device}`)}`, rule: THROTTLE.pair }];
  return [
    { key: `pair:${digest(`${email}\nip:${address}`)}`, rule: THROTTLE.pair },
    { key: `ip-hour:${address}`, rule: THROTTLE.addressHour },
    { key: `ip-day:${address}`, rule: THROTTLE.addressDay },
  ];
}

/** What admit() lets through: the keys whose single turn this attempt holds while its password is checked. */
export interface Admission {
  turns: string[];
  /** The pair had failures (only then has a success something to forget). */
  pairFailed: boolean;
}

/** A counter still running (the memory store keeps an expired record until its timer removes it). */
const liveCount = (res: RateLimiterRes | null) => (res && res.msBeforeNext > 0 ? res.consumedPoints : 0);

/**
 * Growing delays after repeated failed password checks (sign-in and the current-password checks), built on
 * rate-limiter-flexible: `failures` counts failures per key in its rule's window; `waits` holds, per key, either the
 * wait after a failure (a block) or the one turn an attempt takes when the wait is over, so parallel attempts cannot
 * slip through together. A refused attempt is not a failure (it never reaches a password check) and costs no argon2.
 */
export class SignInThrottle {
  constructor(
    private readonly failures: RateLimiterAbstract,
    private readonly waits: RateLimiterAbstract,
  ) {}

  /** Before a password is checked: answers 429 with Retry-After while the pair or the address waits. */
  async admit(subject: ThrottleSubject): Promise<Admission> {
    const dims = dimensions(subject);
    const counts = (await Promise.all(dims.map((d) => this.failures.get(d.key)))).map(liveCount);
    const turns: string[] = [];
    let waitMs = 0;
    for (const [i, d] of dims.entries()) {
      const failed = counts[i] ?? 0;
      if (failed < d.rule.threshold) continue;
      try {
        await this.waits.consume(d.key, 1, { customDuration: throttleDelaySeconds(failed, d.rule) });
        turns.push(d.key);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        waitMs = Math.max(waitMs, err.msBeforeNext);
      }
    }
    if (waitMs > 0) {
      // Refused: give back the turns this attempt took on the other keys.
      await Promise.all(turns.map((key) => this.waits.reward(key)));
      throw tooManyRequestsFor(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    return { turns, pairFailed: (counts[0] ?? 0) > 0 };
  }

  /** A wrong password: counted under each key; from a key's threshold on, its next attempt waits longer. */
  async failed(subject: ThrottleSubject): Promise<void> {
    await Promise.all(
      dimensions(subject).map(async (d) => {
        const { consumedPoints } = await this.failures.penalty(d.key, 1, { customDuration: d.rule.windowSeconds });
        const delay = throttleDelaySeconds(consumedPoints, d.rule);
        if (delay > 0) await this.waits.block(d.key, delay);
      }),
    );
  }

  /**
   * A right password never counts: the pair's failures are forgotten, and the address gives back the turns it took
   * (its failures stay, or one valid account would wipe the count of a guessing client).
   */
  async succeeded(subject: ThrottleSubject, admission: Admission): Promise<void> {
    const [pair, ...address] = dimensions(subject);
    // The common case (no failure before) writes nothing.
    await Promise.all([
      admission.pairFailed && pair ? this.failures.delete(pair.key) : undefined,
      admission.pairFailed && pair ? this.waits.delete(pair.key) : undefined,
      ...address.filter((d) => admission.turns.includes(d.key)).map((d) => this.waits.reward(d.key)),
    ]);
  }

  /** Drops expired rows of a database store (PostgreSQL); the memory store forgets by itself. */
  async clearExpired(): Promise<void> {
    for (const limiter of [this.failures, this.waits]) {
      // The store's own method, left out of the library's type declarations.
      if (limiter instanceof RateLimiterPostgres)
        await (limiter as unknown as { clearExpired(before: number): Promise<void> }).clearExpired(Date.now() - 60_000);
    }
  }
}

const TABLE = 'login_throttle';

/**
 * On PostgreSQL the counters live in a table (migration 0011), so every process behind a load balancer shares them;
 * SQLite is served by one process, which keeps them in memory (forgotten on restart).
 */
export function createSignInThrottle(database: Db): SignInThrottle {
  // Each count carries its rule's window; the default only matters to a key counted without one.
  const common = { points: 1, duration: THROTTLE.pair.windowSeconds };
  if (database.pool) {
    const store = {
      storeClient: database.pool,
      storeType: 'pool',
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
    };
    return new SignInThrottle(
      new RateLimiterPostgres({ ...store, ...common, keyPrefix: 'fail' }),
      new RateLimiterPostgres({ ...store, ...common, keyPrefix: 'wait' }),
    );
  }
  return new SignInThrottle(
    new RateLimiterMemory({ ...common, keyPrefix: 'fail' }),
    new RateLimiterMemory({ ...common, keyPrefix: 'wait' }),
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Growing delays after failed password checks (DESIGN §5, Throttling). */
    throttle: SignInThrottle;
  }
}

const CLEAR_EVERY_MS = 10 * 60_000;

/** Decorates the app with its throttle and keeps the shared table small. */
export function registerSignInThrottle(app: FastifyInstance, database: Db): void {
  const throttle = createSignInThrottle(database);
  app.decorate('throttle', throttle);
  const timer = setInterval(() => {
    throttle.clearExpired().catch((err: unknown) => app.log.warn({ err }, 'sign-in throttle cleanup failed'));
  }, CLEAR_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * '¿Olvidaste tu contraseña?' (DESIGN §5): at most RESET_REQUESTS.account requests an hour for one typed e-mail
 * (known or not, so the answer tells nothing) and RESET_REQUESTS.address from one client address (an IPv6 client by
 * its /64); beyond, 429 with Retry-After. The same stores as the sign-in throttle.
 */
export const RESET_REQUESTS = { account: 3, address: 20, windowSeconds: 60 * 60 } as const;

export class ResetRequestThrottle {
  constructor(
    private readonly accounts: RateLimiterAbstract,
    private readonly addresses: RateLimiterAbstract,
  ) {}

  /** Counts a request; 429 when the address or the e-mail has asked too often this hour. */
  async admit(email: string, ip: string): Promise<void> {
    const keys: Array<[RateLimiterAbstract, string]> = [
      [this.addresses, throttleAddress(ip)],
      [this.accounts, digest(email.trim().toLowerCase())],
    ];
    for (const [limiter, key] of keys) {
      try {
        await limiter.consume(key);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        throw tooManyRequestsFor(Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** How often a password reset link may be asked for (DESIGN §5). */
    resetThrottle: ResetRequestThrottle;
  }
}

export function registerMailThrottle(app: FastifyInstance, database: Db): void {
  const duration = RESET_REQUESTS.windowSeconds;
  const make = (keyPrefix: string, points: number) =>
    database.pool
      ? new RateLimiterPostgres({
          storeClient: database.pool,
          storeType: 'pool',
          tableName: TABLE,
          tableCreated: true,
          clearExpiredByTimeout: false,
          keyPrefix,
          points,
          duration,
        })
      : new RateLimiterMemory({ keyPrefix, points, duration });
  app.decorate(
    'resetThrottle',
    new ResetRequestThrottle(
      make('reset-account', RESET_REQUESTS.account),
      make('reset-address', RESET_REQUESTS.address),
    ),
  );
}
