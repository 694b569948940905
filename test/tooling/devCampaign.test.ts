/**
 * `npm run dev` and template 08's contacts table: made once, never over a table or a selection of
 * the user's; a table the user deleted is not made again unless reset is asked for.
 */
import { campaignTemplate } from '../../scripts/lib/campaign';
import { selectTable, unsetTableNodes } from '../../scripts/lib/dataTables';
import { planDevTable, SAMPLE_CONTACTS } from '../../scripts/lib/devCampaign';

describe('the table dev gives template 08', () => {
	test('none yet, none made before: dev creates it', () => {
		expect(planDevTable(undefined, undefined, false)).toEqual({ create: true });
	});

	test('one of that name exists (dev made it, or the user did): used as it is, nothing written into it', () => {
		expect(planDevTable('t1', 't1', false)).toEqual({ create: false, use: 't1' });
		expect(planDevTable('mine', undefined, false)).toEqual({ create: false, use: 'mine' });
		expect(planDevTable('mine', 'gone', true)).toEqual({ create: false, use: 'mine' });
	});

	test('dev made one and the user deleted it: stays deleted, unless --reset-examples', () => {
		expect(planDevTable(undefined, 'gone', false)).toEqual({ create: false });
		expect(planDevTable(undefined, 'gone', true)).toEqual({ create: true });
	});
});

describe('the table selected in the template', () => {
	test('all nine Data Table nodes of the template as shipped get it, as picked from the editor’s list', () => {
		const { nodes } = campaignTemplate();
		const unset = unsetTableNodes(nodes);
		expect(unset.map((n) => n.name).sort()).toEqual([
			'Claim Contact',
			'Claimed Rows',
			'Due Contacts',
			'Flag Voicemail',
			'Mark Row',
			'Release Claim',
			'Reread Claimed Rows',
			'Settle Orphaned Claim',
			'Write Outcome',
		]);
		selectTable(unset, 'abc123', 'agora_campaign_contacts');
		for (const node of unset)
			expect(node.parameters.dataTableId).toEqual({
				__rl: true,
				mode: 'list',
				value: 'abc123',
				cachedResultName: 'agora_campaign_contacts',
			});
		expect(unsetTableNodes(nodes)).toEqual([]);
	});

	test('a node where a table is already chosen keeps it', () => {
		const { nodes } = campaignTemplate();
		const due = nodes.find((n) => n.name === 'Due Contacts')!;
		due.parameters.dataTableId = { __rl: true, mode: 'id', value: 'users-own' };
		selectTable(unsetTableNodes(nodes), 'abc123', 'agora_campaign_contacts');
		expect(due.parameters.dataTableId).toEqual({ __rl: true, mode: 'id', value: 'users-own' });
	});
});

test('the sample contacts each call a sandbox callee that answers, declines, is busy or never answers', () => {
	expect(SAMPLE_CONTACTS.map((c) => c.script.action).sort()).toEqual(
		['answer', 'answer', 'busy', 'no-answer', 'reject'].sort(),
	);
	for (const contact of SAMPLE_CONTACTS) expect(contact.phone).toMatch(/^\+\d{8,15}$/);
});
