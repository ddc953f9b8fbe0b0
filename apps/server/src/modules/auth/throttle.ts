import type { FastifyInstance } from 'fastify';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequestsFor } from '../../lib/http-errors.js';
import type { Db } from '../../db/connect.js';

/** The rules of DESIGN §5 "Throttling", in one place. */
export const THROTTLE = {
  /** Failures are counted in windows of 15 minutes (opened by the first failure of a key). */
  windowSeconds: 15 * 60,
  /** Per account: from the 5th failure in the window, each further attempt waits. */
  accountThreshold: 5,
  /** Per client address: from the 100th failure in the window, the same. */
  addressThreshold: 100,
  /** The first wait, doubled by each further failure, never longer than the last. */
  firstDelaySeconds: 2,
  maxDelaySeconds: 5 * 60,
} as const;

/**
 * Seconds the next attempt waits after the `failures`-th failure of a key: nothing below the threshold, then 2, 4,
 * 8 ... seconds, at most 5 minutes. A wait always ends: a correct password after it signs in.
 */
export function throttleDelaySeconds(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(THROTTLE.firstDelaySeconds * 2 ** (failures - threshold), THROTTLE.maxDelaySeconds);
}

/** Who tries: the account's e-mail (known or not, so a refusal tells nothing) and the client's address. */
export interface ThrottleSubject {
  email: string;
  ip: string;
}

interface Dimension {
  key: string;
  threshold: number;
}

/** The keys an attempt is counted under: its account and its client address. */
function dimensions(subject: ThrottleSubject): [Dimension, Dimension] {
  return [
    { key: `account:${subject.email.trim().toLowerCase()}`, threshold: THROTTLE.accountThreshold },
    { key: `ip:${subject.ip}`, threshold: THROTTLE.addressThreshold },
  ];
}

/** What admit() lets through: the keys whose single turn this attempt holds while its password is checked. */
export interface Admission {
  turns: string[];
  /** The account had failures in the window (only then has a success something to forget). */
  accountFailed: boolean;
}

/**
 * Growing delays after repeated failed password checks (sign-in and the current-password checks), built on
 * rate-limiter-flexible: `failures` counts failures per key in the window; `waits` holds, per key, either the wait
 * after a failure (a block) or the one turn an attempt takes when the wait is over, so parallel attempts cannot
 * slip through together. A refused attempt is not a failure (it never reaches a password check) and costs no argon2.
 */
export class SignInThrottle {
  constructor(
    private readonly failures: RateLimiterAbstract,
    private readonly waits: RateLimiterAbstract,
  ) {}

  /** Before a password is checked: answers 429 with Retry-After while the account or the address waits. */
  async admit(subject: ThrottleSubject): Promise<Admission> {
    const dims = dimensions(subject);
    const counts = await Promise.all(dims.map((d) => this.failures.get(d.key)));
    const turns: string[] = [];
    let waitMs = 0;
    for (const [i, d] of dims.entries()) {
      const failed = counts[i]?.consumedPoints ?? 0;
      if (failed < d.threshold) continue;
      try {
        await this.waits.consume(d.key, 1, { customDuration: throttleDelaySeconds(failed, d.threshold) });
        turns.push(d.key);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        waitMs = Math.max(waitMs, err.msBeforeNext);
      }
    }
    if (waitMs > 0) {
      // Refused: give back the turns this attempt took on the other key.
      await Promise.all(turns.map((key) => this.waits.reward(key)));
      throw tooManyRequestsFor(Math.max(1, Math.ceil(waitMs / 1000)));
    }
    return { turns, accountFailed: (counts[0]?.consumedPoints ?? 0) > 0 };
  }

  /** A wrong password: counted under both keys; from a key's threshold on, its next attempt waits longer. */
  async failed(subject: ThrottleSubject): Promise<void> {
    await Promise.all(
      dimensions(subject).map(async (d) => {
        const { consumedPoints } = await this.failures.penalty(d.key);
        const delay = throttleDelaySeconds(consumedPoints, d.threshold);
        if (delay > 0) await this.waits.block(d.key, delay);
      }),
    );
  }

  /**
   * A right password never counts: the account's failures are forgotten, and the address gives back the turn it
   * took (its failures stay, or one valid account would wipe the count of a guessing client).
   */
  async succeeded(subject: ThrottleSubject, admission: Admission): Promise<void> {
    const [account, address] = dimensions(subject);
    // The common case (no failure before) writes nothing.
    await Promise.all([
      admission.accountFailed ? this.failures.delete(account.key) : undefined,
      admission.accountFailed ? this.waits.delete(account.key) : undefined,
      admission.turns.includes(address.key) ? this.waits.reward(address.key) : undefined,
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
  const common = { points: 1, duration: THROTTLE.windowSeconds };
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
