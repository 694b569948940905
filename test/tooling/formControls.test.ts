/**
 * The Start form as a new user meets it: the credential at the top as n8n shows it for core nodes,
 * the required fields before the settings with defaults, the deprecated Presets at the end. The
 * control counts are reproducible from the node description (formControls.ts).
 */
import { Agora } from '../../nodes/Agora/Agora.node';
import { controlsOfNewNode } from './formControls';

const controls = controlsOfNewNode(new Agora().description, { resource: 'agent', operation: 'start' });
const position = (name: string) => controls.findIndex((control) => control.name === name);

it('a new Agent › Start shows the Agora credential right under Resource and Operation', () => {
	expect(controls.slice(0, 3).map((control) => control.name)).toEqual(['resource', 'operation', 'credential:agoraApi']);
});

it('the fields a user must fill come before the first setting with a default, after Vendor Keys', () => {
	const lastRequired = Math.max(...controls.map((control, index) => (control.required && !control.name.startsWith('credential:') && control.name !== 'name' ? index : -1)));
	expect(controls.slice(0, lastRequired + 1).map((control) => control.name)).toEqual([
		'resource',
		'operation',
		'credential:agoraApi',
		'vendorKeys',
		'channel',
		'remoteRtcUid',
	]);
	// Mode, the choice that changes the form's shape, comes next; the deprecated Presets last.
	expect(position('mode')).toBe(lastRequired + 1);
	expect(position('preset')).toBe(position('options') - 1);
});

it('counts the controls up to the last field a new user must fill, and in all', () => {
	const lastRequired = Math.max(...controls.map((control, index) => (control.required && control.name !== 'name' ? index : -1)));
	// Before this order: the credential was the 10th control, under Idle Timeout, of 35 (36 now: the LLM choice between a service and an n8n workflow).
	expect({ untilRequiredDone: lastRequired + 1, total: controls.length }).toEqual({ untilRequiredDone: 6, total: 36 });
});
