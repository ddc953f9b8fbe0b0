import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { LoadMessage, LoadRequest } from './load-child.js';

export type LoadOptions = LoadRequest;

export interface LoadResult {
  rps: number;
  requests: number;
  latencyP50: number;
  latencyP99: number;
  /** CPU time of this process (the server under test) per answered request, in microseconds. */
  cpuMicrosPerRequest: number;
}

/**
 * Warms the target up, then measures it. autocannon runs in a child process: it does not share the server's event
 * loop, and this process's CPU time is the server's alone, a figure that other load on the machine barely moves.
 */
export function measure(options: LoadOptions, onMeasuring?: () => void): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'load-child.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
    });
    let cpuStart: NodeJS.CpuUsage | null = null;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    child.on('message', (message: LoadMessage) => {
      if (message.type === 'measuring') {
        cpuStart = process.cpuUsage();
        onMeasuring?.();
      } else if (message.type === 'error') {
        settle(() => reject(new Error(`load generator: ${message.message}`)));
      } else {
        const cpu = process.cpuUsage(cpuStart ?? undefined);
        // A failing target answers fast; its figure would be meaningless.
        if (message.errors > 0 || message.timeouts > 0 || message.non2xx > 0) {
          settle(() =>
            reject(
              new Error(
                `${options.url}: ${message.errors} errors, ${message.timeouts} timeouts, ${message.non2xx} non-2xx answers`,
              ),
            ),
          );
          return;
        }
        settle(() =>
          resolve({
            rps: message.requests / (message.duration > 0 ? message.duration : options.durationSeconds),
            requests: message.requests,
            latencyP50: message.p50,
            latencyP99: message.p99,
            cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, message.requests),
          }),
        );
      }
    });
    child.on('error', (err) => settle(() => reject(err)));
    child.on('exit', (code) =>
      settle(() => reject(new Error(`load generator exited with code ${code} before answering`))),
    );
    child.send(options);
  });
}
