/**
 * The interaction smoke test's moves (issue #14), over one page: open every MUI / MUI X element a
 * page shows — each grid's column menu on every column with its filter and columns panels, every
 * select and autocomplete, menu, date picker and dialog — close it with Escape, and fail on any
 * page error, any console error (MUI and React report there) and on the error page ("500 –
 * Error"), saying where. `problems` collects since the last `reset()`.
 */
import type { Locator, Page } from 'playwright-core';

/** The helpers bound to one page; see the module comment. */
export type Interactions = ReturnType<typeof interactionsOn>;

/** Listens to `page`'s errors and returns the moves of the smoke test over it. */
export function interactionsOn(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    // A refused request is logged by the browser itself; the api's answers are checked elsewhere.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      problems.push(`console error: ${msg.text().split('\n')[0]}`);
  });

  /** Fails with what happened if the page reported an error or shows the error page. */
  async function expectHealthy(where: string): Promise<void> {
    const errorPage = await page.getByTestId('error-status-code').count();
    expect({ where, problems, errorPage }).toEqual({ where, problems: [], errorPage: 0 });
  }

  /** Waits for `popup`; if it never opens, fails with what the page reported instead. */
  async function waitOpen(popup: Locator, where: string, timeout?: number): Promise<void> {
    await popup.waitFor({ timeout }).catch(async (err: unknown) => {
      await expectHealthy(where);
      throw new Error(`${where}: ${String(err)}`);
    });
  }

  /** Presses Escape and waits for `popup` to go. */
  async function closeWithEscape(popup: Locator): Promise<void> {
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
  }

  /** Opens every MUI Select and Autocomplete in `scope`, checks its options appear, closes it. */
  async function exerciseSelects(scope: Locator, where: string): Promise<number> {
    const selects = scope.locator('[role="combobox"]:visible');
    const count = await selects.count();
    for (let i = 0; i < count; i += 1) {
      const select = selects.nth(i);
      if (await select.isDisabled()) continue;
      const isAutocomplete = (await select.evaluate((el) => el.tagName)) === 'INPUT';
      await select.click();
      const listbox = page.getByRole('listbox');
      // An Autocomplete without suggestions yet opens nothing; a Select always lists its options.
      if (isAutocomplete) await listbox.waitFor({ timeout: 2000 }).catch(() => undefined);
      else await waitOpen(listbox, `${where}, select ${i + 1}`);
      if (await listbox.count()) await closeWithEscape(listbox);
      else await page.keyboard.press('Escape');
      await expectHealthy(`${where}, select ${i + 1}`);
    }
    return count;
  }

  /** Opens every date picker of `scope` from its calendar button and closes it. */
  async function exerciseDatePickers(scope: Locator, where: string): Promise<number> {
    const buttons = scope.locator(
      '.MuiPickersInputBase-root .MuiInputAdornment-root button:visible',
    );
    const count = await buttons.count();
    for (let i = 0; i < count; i += 1) {
      await buttons.nth(i).click();
      const picker = page.locator('.MuiPickerPopper-root, .MuiPickersLayout-root').first();
      await waitOpen(picker, `${where}, date picker ${i + 1}`);
      await expectHealthy(`${where}, date picker ${i + 1}`);
      await closeWithEscape(picker);
    }
    return count;
  }

  /** Opens the menus of `scope` (buttons with a popup, outside the grids' headers), then closes. */
  async function exerciseMenus(scope: Locator, where: string): Promise<number> {
    const buttons = scope.locator(
      'button[aria-haspopup="true"]:visible, button[aria-haspopup="menu"]:visible',
    );
    // Handles, not locators: opening a menu re-renders the page, and the nth button moves.
    const candidates = await buttons.elementHandles();
    let opened = 0;
    for (const button of candidates) {
      if (await button.evaluate((el: Element) => !!el.closest('.MuiDataGrid-columnHeader')))
        continue;
      if (!(await button.isVisible()) || (await button.isDisabled())) continue;
      const name = (await button.getAttribute('aria-label')) ?? (await button.textContent());
      await button.click();
      const menu = page.getByRole('menu');
      await waitOpen(menu, `${where}, menu ${name}`);
      await expectHealthy(`${where}, menu ${name}`);
      await closeWithEscape(menu);
      opened += 1;
      // One per kind is enough: a grid's row menus are the same component on every row.
      if (opened >= 3) break;
    }
    return opened;
  }

  /** The column menu of `header`, opened from its ⋮ button. */
  async function openColumnMenu(header: Locator): Promise<Locator> {
    await header.hover();
    const field = await header.getAttribute('data-field');
    await header.locator('.MuiDataGrid-menuIconButton').click();
    const menu = page.getByRole('menu');
    await waitOpen(menu, `column menu of ${field}`);
    return menu;
  }

  /**
   * Every grid of the page: each column's menu, then, from the first column's, the filter panel
   * (and its selects) and the columns panel, when the grid offers them.
   */
  async function exerciseGrids(where: string): Promise<number> {
    const grids = page.locator('.MuiDataGrid-root');
    const count = await grids.count();
    for (let g = 0; g < count; g += 1) {
      const grid = grids.nth(g);
      await grid.locator('[role="columnheader"]').first().waitFor();
      const headers = grid.locator('[role="columnheader"]:has(.MuiDataGrid-menuIconButton)');
      const columns = await headers.count();
      expect({ where, grid: g + 1, columnsWithMenu: columns > 0 }).toEqual({
        where,
        grid: g + 1,
        columnsWithMenu: true,
      });
      for (let c = 0; c < columns; c += 1) {
        const menu = await openColumnMenu(headers.nth(c));
        expect(await menu.getByRole('menuitem').count()).toBeGreaterThan(0);
        await expectHealthy(`${where}, grid ${g + 1}, column menu ${c + 1}`);
        await closeWithEscape(menu);
      }
      for (const item of [/^(Filtro|Filtrar|Filter)/i, /columnas|columns/i]) {
        const menu = await openColumnMenu(headers.first());
        const entry = menu.getByRole('menuitem', { name: item });
        if (!(await entry.count())) {
          await closeWithEscape(menu);
          continue;
        }
        await entry.first().click();
        const panel = page.locator('.MuiDataGrid-panel');
        await waitOpen(panel, `${where}, grid ${g + 1}, panel ${item}`);
        await expectHealthy(`${where}, grid ${g + 1}, panel ${item}`);
        await exerciseSelects(panel, `${where}, grid ${g + 1}, panel ${item}`);
        await closeWithEscape(panel);
      }
    }
    return count;
  }

  /**
   * Opens a dialog with `open`, checks the page, opens its selects and date pickers, and closes
   * it with Escape. By CSS, not by role: while one of its selects is open the dialog is
   * aria-hidden.
   */
  async function exerciseDialog(where: string, open: () => Promise<void>): Promise<void> {
    await open();
    const dialog = page.locator('[role="dialog"]').last();
    await waitOpen(dialog, `${where}, dialog`);
    await expectHealthy(`${where}, dialog`);
    await exerciseSelects(dialog, `${where}, dialog`);
    await exerciseDatePickers(dialog, `${where}, dialog`);
    await closeWithEscape(dialog);
    await expectHealthy(`${where}, dialog closed`);
  }

  /** The first "new …" dialog of the page, when it has one. */
  async function exerciseCreateDialog(where: string): Promise<boolean> {
    const create = page.getByRole('main').getByRole('button', { name: /^(Nuevo|Nueva|New)\b/ });
    if (!(await create.count())) return false;
    await exerciseDialog(where, () => create.first().click());
    return true;
  }

  /** The page's `main`, by CSS: while a menu or select is open MUI hides it from the a11y tree. */
  const main = () => page.locator('main');

  /** Exercises everything MUI the page shows now: grids, selects, pickers, menus, "new" dialog. */
  async function exercisePage(where: string) {
    await expectHealthy(where);
    return {
      grids: await exerciseGrids(where),
      selects: await exerciseSelects(main(), where),
      datePickers: await exerciseDatePickers(main(), where),
      menus: await exerciseMenus(main(), where),
      dialog: await exerciseCreateDialog(where),
    };
  }

  return {
    problems,
    /** Forgets the problems seen so far (a new test). */
    reset: () => void problems.splice(0),
    expectHealthy,
    waitOpen,
    closeWithEscape,
    exerciseSelects,
    exerciseDatePickers,
    exerciseMenus,
    openColumnMenu,
    exerciseGrids,
    exerciseDialog,
    exerciseCreateDialog,
    exercisePage,
    main,
  };
}
