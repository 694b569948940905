import type { Row } from './report';
import type { N8nFixture } from './n8nFixture';

/** Bench 10's options on the command line (docs/benchmarks.md). */
export interface CapacityOptions {
	/** Which part of bench 10: the load levels on one n8n, or on a queue-mode cluster; default both. */
	mode?: 'regular' | 'queue';
	/** Instead of the levels: this many turns on one n8n per version, for memory growth. */
	turns?: number;
	/** Stops the turns run after this many minutes, whatever is left of `turns`. */
	minutes?: number;
}

/** A results file of a bench's own, with the rows of one group. */
export interface OwnResults {
	file: string;
	group?: string;
	/** How its figures are measured (the notes under its table). */
	method: string;
}

export interface BenchContext {
	/** Small sizes, timings not judged (CI). */
	smoke: boolean;
	/** Measured runs per figure (at least 3). */
	runs: number;
	log(message: string): void;
	capacity: CapacityOptions;
	/** The real n8n with the packed package, the sandbox process and the credentials (started once). */
	n8n(): Promise<N8nFixture>;
}

export interface Bench {
	id: number;
	title: string;
	/** How the figure is computed, for results.md. */
	method(smoke: boolean, capacity?: CapacityOptions): string;
	run(ctx: BenchContext): Promise<Row[]>;
	/** Why the smoke run leaves this bench out (it is then not run at all with --smoke). */
	smokeSkip?: string;
	/**
	 * Results files of its own under test/bench/ (committed), written beside the run's report by a
	 * full-size run of this bench, `npm run bench -- --only <id>` included; each gets the rows of its
	 * group (Row.group); none to skip them.
	 */
	ownResults?(smoke: boolean, capacity: CapacityOptions): OwnResults[];
}
