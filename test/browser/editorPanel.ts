/**
 * The open node panel's "Add Option" groups and controls, read as n8n's editor renders them
 * (editor.browser.ts).
 */
import type { Page } from 'playwright-core';

import { agora } from './editorExpectations';

/** `page`: read when a helper runs (the page is opened in the test's beforeAll). */
export function nodePanel(page: () => Page) {
	const ndv = () => page().getByTestId('ndv');

	const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

	/** A top-level "Add Option" group of the open node, found by its label. */
	const groupOf = (displayName: string) =>
		ndv()
			.locator('.multi-parameter')
			.filter({ hasText: new RegExp(`^\\s*${escaped(displayName)}`) })
			.first();

	/** The open "Add Option" list's entries (the options of the group's select). */
	const offeredEntries = () =>
		page().getByTestId('collection-parameter-option').locator('visible=true');

	/** Opens a group's "Add Option" list; false when the group offers nothing (n8n then shows no list). */
	async function openGroupList(displayName: string): Promise<boolean> {
		const group = groupOf(displayName);
		await group.waitFor();
		const add = group
			.locator('[data-test-id^="collection-parameter-add"], .collection-parameter .el-select')
			.locator('visible=true')
			.first();
		// The group's box renders before its select on a busy machine: wait for the select, then judge.
		await add.waitFor({ state: 'visible', timeout: 15000 }).catch(() => undefined);
		if (!(await add.count())) return false;
		await add.click();
		await offeredEntries().first().waitFor({ timeout: 10000 });
		return true;
	}

	/** What a group's "Add Option" list offers, by label; closes the list again. */
	async function groupList(displayName: string): Promise<string[]> {
		if (!(await openGroupList(displayName))) return [];
		const labels = (await offeredEntries().allInnerTexts()).map((text) => text.trim());
		// The group's own keydown handler keeps Escape from closing the node panel.
		await page().keyboard.press('Escape');
		await offeredEntries().first().waitFor({ state: 'hidden' });
		return labels;
	}

	/** Adds one option of a group through its "Add Option" list. */
	async function addGroupOption(groupName: string, optionName: string): Promise<void> {
		expect(await openGroupList(groupName)).toBe(true);
		await offeredEntries()
			.filter({ hasText: new RegExp(`^\\s*${escaped(optionName)}\\s*$`) })
			.first()
			.click();
	}

	/**
	 * The controls the open node panel shows, as formControls.ts counts them: credential pickers
	 * (or their "connect" buttons), parameter inputs outside collections, and collections.
	 */
	async function renderedControls(): Promise<string[]> {
		const names = new Set(agora.properties.map((p) => p.name));
		const inputs = await ndv()
			.locator('[data-test-id^="parameter-input-"]')
			.evaluateAll((elements) =>
				elements
					.filter((e) => e.getClientRects().length > 0 && !e.closest('.multi-parameter'))
					.map((e) => e.getAttribute('data-test-id')!),
			);
		const parameters = [...new Set(inputs)]
			.map((id) => id.slice('parameter-input-'.length))
			.filter((name) => names.has(name));
		const collections = await ndv()
			.locator('.multi-parameter')
			.evaluateAll(
				(elements) =>
					elements.filter(
						(e) => e.getClientRects().length > 0 && !e.parentElement!.closest('.multi-parameter'),
					).length,
			);
		const pickers = await ndv()
			.locator(
				'[data-test-id="node-credentials-select"], [data-test-id="node-credentials-empty-state"]',
			)
			.locator('visible=true')
			.count();
		return [
			...Array.from({ length: pickers }, (_, i) => `credential:${i}`),
			...parameters,
			...Array.from({ length: collections }, (_, i) => `collection:${i}`),
		];
	}

	return { groupOf, groupList, addGroupOption, renderedControls };
}
