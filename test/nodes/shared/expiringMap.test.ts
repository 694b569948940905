/** The bounded process-wide map behind the nodes' caches: size bound, time bound, order. */
import { ExpiringMap } from '../../../nodes/shared/expiringMap';

beforeEach(() => jest.useFakeTimers({ now: 5_000, doNotFake: ['nextTick', 'setImmediate'] }));
afterEach(() => jest.useRealTimers());

describe('ExpiringMap', () => {
	it('returns an entry until ttlMs after it was set, then never again', () => {
		const map = new ExpiringMap<string, number>({ maxEntries: 10, ttlMs: 100 });
		map.set('a', 1);
		jest.setSystemTime(5_099);
		expect(map.get('a')).toBe(1);
		expect(map.has('a')).toBe(true);
		jest.setSystemTime(5_100);
		expect(map.get('a')).toBeUndefined();
		expect(map.has('a')).toBe(false);
		expect(map.size).toBe(0);
	});

	it('an entry past its time is never returned, even behind one that looks live after the clock was set back', () => {
		const map = new ExpiringMap<string, number>({ maxEntries: 10, ttlMs: 100 });
		map.set('a', 1);
		jest.setSystemTime(4_000);
		map.set('b', 2);
		expect(map.timeLeft('b')).toBe(100);
		jest.setSystemTime(4_100);
		expect(map.get('b')).toBeUndefined();
		expect(map.timeLeft('b')).toBeUndefined();
		expect(map.get('a')).toBe(1);
	});

	it('setting again renews the time and moves the entry to the back', () => {
		const map = new ExpiringMap<string, number>({ maxEntries: 2, ttlMs: 100 });
		map.set('a', 1);
		map.set('b', 2);
		map.set('a', 3);
		map.set('c', 4);
		// 'b' was set longest ago, so it is the one dropped for 'c'.
		expect(map.get('b')).toBeUndefined();
		expect(map.get('a')).toBe(3);
		expect(map.get('c')).toBe(4);
	});

	it('never holds more than maxEntries, however many keys pass through', () => {
		const map = new ExpiringMap<number, number>({ maxEntries: 1000, ttlMs: 60_000 });
		for (let i = 0; i < 200_000; i++) map.set(i, i);
		expect(map.size).toBe(1000);
		expect(map.get(198_999)).toBeUndefined();
		expect(map.get(199_000)).toBe(199_000);
	});

	it('drops every expired entry on the next access, not only the one asked for', () => {
		const map = new ExpiringMap<number, number>({ maxEntries: 1000, ttlMs: 100 });
		for (let i = 0; i < 500; i++) map.set(i, i);
		jest.setSystemTime(5_050);
		map.set(999, 999);
		jest.setSystemTime(5_100);
		expect(map.get(999)).toBe(999);
		expect(map.size).toBe(1);
	});

	it('delete and clear forget entries', () => {
		const map = new ExpiringMap<string, number>({ maxEntries: 10, ttlMs: 100 });
		map.set('a', 1);
		map.set('b', 2);
		map.delete('a');
		expect(map.get('a')).toBeUndefined();
		map.clear();
		expect(map.size).toBe(0);
	});
});
