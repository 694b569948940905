import type { Row } from './report';
import type { N8nFixture } from './n8nFixture';

export interface BenchContext {
	/** Small sizes, timings not judged (CI). */
	smoke: boolean;
	/** Measured runs per figure (at least 3). */
	runs: number;
	log(message: string): void;
	/** The real n8n with the packed package, the sandbox process and the credentials (started once). */
	n8n(): Promise<N8nFixture>;
}

export interface Bench {
	id: number;
	title: string;
	/** How the figure is computed, for results.md. */
	method(smoke: boolean): string;
	run(ctx: BenchContext): Promise<Row[]>;
	/** Why the smoke run leaves this bench out (it is then not run at all with --smoke). */
	smokeSkip?: string;
	/**
	 * A results file of its own under test/bench/ (committed), written beside the run's report by a
	 * full-size run of this bench, `npm run bench -- --only <id>` included; undefined to skip it.
	 */
	ownResults?(smoke: boolean): string | undefined;
}
