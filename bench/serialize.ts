import Fastify from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { paginationMeta, publicUser } from '@egreso/domain';
import { compiledSerializerCompiler } from '../apps/server/src/lib/compiled-serializer.js';

/** The Students screen's list at scale: 5,000 users with their careers, in the paged answer's shape. */
const userList = z.object({ data: z.array(publicUser), meta: paginationMeta });

/** A teacher's grade sheet: 60 students × 30 activities, one cell per pair (null while not graded). */
const gradeSheet = z.object({
  assignment_id: z.number(),
  activities: z.array(
    z.object({ id: z.number(), name: z.string(), weight: z.number(), attribute_ids: z.array(z.number()) }),
  ),
  students: z.array(
    z.object({
      id: z.number(),
      full_name: z.string(),
      controlnumber: z.string().nullable(),
      grades: z.array(
        z.object({ activity_id: z.number(), grade: z.number().nullable(), observation: z.string().nullable() }),
      ),
      average: z.number().nullable(),
    }),
  ),
});

function users(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    full_name: `Alumna Número ${i + 1} Pérez Ñúñez`,
    name: `Alumna Número ${i + 1} Pérez Ñúñez`,
    email: `alumna${i + 1}@universidad.mx`,
    rol: 3,
    role: 3,
    controlnumber: `2${String(i).padStart(7, '0')}`,
    gender: 2,
    photo: null,
    created_at: '2026-08-01T12:00:00.000Z',
    updated_at: '2026-08-01T12:00:00.000Z',
    user_careers: [
      {
        id: i + 1,
        career_id: (i % 8) + 1,
        career: { id: (i % 8) + 1, career_key: 'ISC', name: 'Ingeniería en Sistemas Computacionales' },
      },
    ],
    password_hash: '$argon2id$v=19$m=19456,t=2,p=1$secret',
  }));
}

function sheet(students: number, activities: number) {
  return {
    assignment_id: 1,
    activities: Array.from({ length: activities }, (_, a) => ({
      id: a + 1,
      name: `Actividad ${a + 1}`,
      weight: 10,
      attribute_ids: [1, 2],
    })),
    students: Array.from({ length: students }, (_, s) => ({
      id: s + 1,
      full_name: `Alumno ${s + 1}`,
      controlnumber: `2${String(s).padStart(7, '0')}`,
      grades: Array.from({ length: activities }, (_, a) => ({
        activity_id: a + 1,
        grade: (s + a) % 7 === 0 ? null : 60 + ((s * a) % 41),
        observation: null,
      })),
      average: 84.5,
    })),
  };
}

export interface SerializeRow {
  answer: string;
  bytes: number;
  /** Milliseconds per answer (median of the timed runs). */
  zod: number;
  /** Of which zod's parse alone (checking every cell and dropping undeclared keys). */
  zodParse: number;
  compiled: number;
  /** JSON.stringify of the already-shaped answer: the floor, with no guarantee on the shape. */
  jsonStringify: number;
  /** Full request through app.inject with each serializer (ms, median). */
  injectZod: number;
  injectCompiled: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(fn: () => unknown, runs: number): number {
  for (let i = 0; i < 5; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

async function timeInject(
  schema: z.ZodType,
  data: unknown,
  compiler: FastifySerializerCompiler<z.ZodType>,
  runs: number,
): Promise<number> {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(compiler);
  app.get('/answer', { schema: { response: { 200: schema } } }, async () => data);
  await app.ready();
  for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: '/answer' });
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url: '/answer' });
    samples.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`inject: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  await app.close();
  return median(samples);
}

/** Times one answer with the app's serializer (fastify-type-provider-zod: zod parse + JSON.stringify) and the compiled candidate. */
async function row(answer: string, schema: z.ZodType, data: unknown, runs: number): Promise<SerializeRow> {
  const zod = zodSerializerCompiler({ schema, method: 'GET', url: '/answer', httpStatus: '200' });
  const compiled = compiledSerializerCompiler({ schema, method: 'GET', url: '/answer', httpStatus: '200' });
  const a = JSON.parse(zod(data)) as unknown;
  const b = JSON.parse(compiled(data)) as unknown;
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${answer}: the two serializers disagree`);
  const plain = schema.parse(data);
  return {
    answer,
    bytes: Buffer.byteLength(compiled(data)),
    zod: time(() => zod(data), runs),
    zodParse: time(() => schema.safeParse(data), runs),
    compiled: time(() => compiled(data), runs),
    jsonStringify: time(() => JSON.stringify(plain), runs),
    injectZod: await timeInject(schema, data, zodSerializerCompiler, runs),
    injectCompiled: await timeInject(schema, data, compiledSerializerCompiler, runs),
  };
}

export async function benchSerialize(runs: number): Promise<SerializeRow[]> {
  const list = users(5000);
  return [
    await row(
      '5,000-row user list',
      userList,
      { data: list, meta: { current_page: 1, last_page: 1, total: 5000, per_page: 5000 } },
      runs,
    ),
    await row('60 × 30 grade sheet', gradeSheet, sheet(60, 30), runs),
    await row('GET /api/me (one user)', publicUser, list[0], runs * 20),
  ];
}
