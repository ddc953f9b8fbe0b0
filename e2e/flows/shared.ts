import type { Locator, Page } from 'playwright-core';

/** Waits for running CSS transitions (drawers sliding in, modals fading, collapses opening) so screenshots show the final state. */
export async function settle(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** Calls the API with the page's stored token: used to set up or put back a flow's own data. */
export async function apiCall(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/** Opens a screen by its path and waits for its heading. */
export async function goTo(page: Page, path: string, heading: string) {
  await page.goto(`/app${path}`);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

/** A cell of the grade grid, by its row and column. */
export const cell = (page: Page, row: number, col: number) => page.locator(`#celda-${row}-${col}`);

/** A paste event as a spreadsheet program sends it: the block as tab/newline separated text. */
export async function pasteInto(page: Page, row: number, col: number, text: string) {
  await cell(page, row, col).focus();
  await page.evaluate(
    ({ id, text }) => {
      const el = document.getElementById(id)!;
      const data = new DataTransfer();
      data.setData('text/plain', text);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { id: `celda-${row}-${col}`, text },
  );
}

/**
 * Closes a result dialog ('Éxito' unless named) with its 'Cerrar' button. A success closes by itself after 1.6 s, so
 * on a slow machine it may be gone before the click lands: that counts as closed, anything else fails.
 */
export async function closeResult(page: Page, title = 'Éxito') {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  try {
    await dialog.getByRole('button', { name: 'Cerrar' }).click({ timeout: 5000 });
  } catch (error) {
    if ((await dialog.count()) > 0) throw error;
  }
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Picks an option of a Mantine select or multi-select: opens it by its input (a label or a locator), optionally types
 * a filter, and clicks the option. A dropdown opened while the page was still settling (a lazy screen mounting, a
 * catalogue arriving) may close again before its options show: it is opened again, up to three times.
 */
export async function pickOption(
  page: Page,
  input: string | Locator,
  option: string | RegExp,
  { filter, scope = page }: { filter?: string; scope?: Page | Locator } = {},
) {
  const field = typeof input === 'string' ? scope.getByRole('textbox', { name: input, exact: true }) : input;
  const choice = page.getByRole(
    'option',
    typeof option === 'string' ? { name: option, exact: true } : { name: option },
  );
  // A select that already shows the option (a choice the screen kept) is left as it is: clicking its checked option
  // again waits on a dropdown that scrolls it into view.
  const shows = async () => typeof option === 'string' && (await field.inputValue().catch(() => '')) === option;
  if (await shows()) return;
  for (let attempt = 1; ; attempt++) {
    if ((await field.getAttribute('data-expanded')) === null) await field.click();
    if (filter !== undefined) await field.fill(filter);
    try {
      await choice.first().waitFor({ timeout: 5000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  try {
    await choice.first().click({ timeout: 5000 });
  } catch (error) {
    // Seen on a loaded machine: the option shows but never holds still (or stays covered) long enough for a pointer
    // click. The option's own click handler picks it just the same; the reason is logged for the record.
    console.log(`    (pickOption: "${String(option)}" picked by its click event: ${firstLines(error, 6)})`);
    try {
      await choice.first().dispatchEvent('click', undefined, { timeout: 5000 });
    } catch (again) {
      // The dropdown closed in between; what counts is the choice the select shows.
      if (!(await shows())) throw again;
    }
  }
}

function firstLines(error: unknown, n: number): string {
  return String(error instanceof Error ? error.message : error)
    .split('\n')
    .slice(0, n)
    .join(' | ');
}
