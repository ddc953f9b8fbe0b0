import { z } from 'zod';

export const POLICY_MODES = ['parity_by_month', 'parity', 'any'] as const;
export const POLICY_FALLBACKS = ['any', 'odd', 'even'] as const;
export const NAMING_SCHEMES = ['auto', 'digits', 'num_letter', 'grupo_m'] as const;
export type PolicyMode = (typeof POLICY_MODES)[number];
export type PolicyFallback = (typeof POLICY_FALLBACKS)[number];

export const POLICY_MODE_LABEL: Record<PolicyMode, string> = {
  parity_by_month: 'Paridad por mes de inicio del periodo',
  parity: 'Paridad del semestre del grupo',
  any: 'Sin restricción',
};
export const POLICY_FALLBACK_LABEL: Record<PolicyFallback, string> = {
  any: 'Cualquier semestre',
  odd: 'Semestres impares',
  even: 'Semestres pares',
};
export const NAMING_SCHEME_LABEL: Record<(typeof NAMING_SCHEMES)[number], string> = {
  auto: 'Automático (prueba todos)',
  digits: "Dígitos ('501' → 5)",
  num_letter: "Número y letra ('5A' → 5)",
  grupo_m: "Grupo M ('Grupo M5' → 5)",
};

export const POLICY_MSG = {
  mode: 'El modo debe ser parity_by_month, parity o any.',
  fallback: 'La alternativa debe ser any, odd o even.',
  namingScheme: 'El esquema de nombres debe ser auto, digits, num_letter o grupo_m.',
  month: 'Cada mes debe ser un número entero del 1 al 12.',
  months: 'La lista de meses debe ser un arreglo de números del 1 al 12.',
  overlap: 'Un mes no puede estar en las listas de meses impares y pares a la vez.',
} as const;

/** Month numbers 1-12; duplicates are dropped and the list is sorted, so the stored list is canonical. */
const months = z
  .array(
    z.coerce.number(POLICY_MSG.month).int(POLICY_MSG.month).min(1, POLICY_MSG.month).max(12, POLICY_MSG.month),
    POLICY_MSG.months,
  )
  .max(12, POLICY_MSG.months)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

export const groupPolicyBody = z
  .object({
    mode: z.enum(POLICY_MODES, POLICY_MSG.mode),
    odd_months: months,
    even_months: months,
    fallback: z.enum(POLICY_FALLBACKS, POLICY_MSG.fallback),
    naming_scheme: z.enum(NAMING_SCHEMES, POLICY_MSG.namingScheme),
  })
  .refine((b) => !b.odd_months.some((m) => b.even_months.includes(m)), {
    message: POLICY_MSG.overlap,
    path: ['even_months'],
  });
export type GroupPolicyBody = z.input<typeof groupPolicyBody>;

export const groupPolicy = z.object({
  mode: z.enum(POLICY_MODES),
  odd_months: z.array(z.number()),
  even_months: z.array(z.number()),
  fallback: z.enum(POLICY_FALLBACKS),
  naming_scheme: z.enum(NAMING_SCHEMES),
  updated_at: z.string(),
});
export type GroupPolicy = z.infer<typeof groupPolicy>;

export const groupPolicySaved = groupPolicy.extend({ saved: z.literal(true) });
export type GroupPolicySaved = z.infer<typeof groupPolicySaved>;
