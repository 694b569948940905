import { Clock } from '../src/clock';
import { waitFor } from '../src/helpers';

describe('manual clock', () => {
	it('stands still; advance fires due timers in due order, each seeing its own time', () => {
		const c = new Clock('manual', 1_000_000);
		const seen: Array<[string, number]> = [];
		c.after(30, () => seen.push(['b', c.now()]));
		c.after(10, () => seen.push(['a', c.now()]));
		c.after(30, () => seen.push(['c', c.now()]));
		expect(c.now()).toBe(1_000_000);
		c.advance(29);
		expect(seen).toEqual([['a', 1_000_010]]);
		c.advance(1);
		expect(seen).toEqual([
			['a', 1_000_010],
			['b', 1_000_030],
			['c', 1_000_030],
		]);
		expect(c.now()).toBe(1_000_030);
		expect(c.nowS()).toBe(1000);
	});

	it('timers set by a timer fire in the same advance when they fall due', () => {
		const c = new Clock('manual', 0);
		const seen: number[] = [];
		c.after(10, () => {
			seen.push(c.now());
			c.after(10, () => seen.push(c.now()));
		});
		c.advance(25);
		expect(seen).toEqual([10, 20]);
		expect(c.pending).toBe(0);
	});

	it('clear and clearAll cancel timers', () => {
		const c = new Clock('manual', 0);
		let n = 0;
		const id = c.after(5, () => n++);
		c.after(5, () => n++);
		c.clear(id);
		c.advance(10);
		expect(n).toBe(1);
		c.after(5, () => n++);
		c.clearAll();
		c.advance(10);
		expect(n).toBe(1);
	});

	it('set forward fires timers; set backward keeps the delays left', () => {
		const c = new Clock('manual', 1000);
		let fired = 0;
		c.after(100, () => fired++);
		c.set(500);
		c.advance(99);
		expect(fired).toBe(0);
		c.advance(1);
		expect(fired).toBe(1);
		c.after(50, () => fired++);
		c.set(10_000);
		expect(fired).toBe(2);
		expect(() => c.advance(-1)).toThrow();
	});
});

describe('real clock', () => {
	it('follows the wall clock and fires by itself', async () => {
		const c = new Clock('real');
		expect(Math.abs(c.now() - Date.now())).toBeLessThan(1000);
		let fired = false;
		c.after(5, () => (fired = true));
		await waitFor(() => fired);
	});

	it('advance moves it forward and fires what falls due at once', () => {
		const c = new Clock('real');
		const t0 = c.now();
		let fired = false;
		c.after(60_000, () => (fired = true));
		c.advance(60_000);
		expect(fired).toBe(true);
		expect(c.now()).toBeGreaterThanOrEqual(t0 + 60_000);
		c.clearAll();
	});

	it('switching modes keeps the time and the pending timers', async () => {
		const c = new Clock('real');
		let fired = 0;
		c.after(20, () => fired++);
		c.setMode('manual');
		const frozen = c.now();
		expect(c.now()).toBe(frozen);
		c.advance(20);
		expect(fired).toBe(1);
		c.after(5, () => fired++);
		c.setMode('real');
		await waitFor(() => fired === 2);
	});
});
