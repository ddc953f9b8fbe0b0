/** Lower case without accents or surrounding blanks: 'Ética ' and 'etica' compare equal. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Whether any of the texts contains the query, ignoring case and accents both ways; a blank query matches all. */
export function matchesSearch(query: string, ...texts: Array<string | null | undefined>): boolean {
  const q = normalizeSearch(query);
  return !q || texts.some((t) => t != null && normalizeSearch(t).includes(q));
}
