// @ts-check
/**
 * The work of the `fallback-verify` build plugin (index.js is its entry point): check the live
 * deploy against the route contract of the build that made it (`npm run verify` as a function:
 * src/verify/main.ts) and say how it went in the deploy summary. Kept apart from index.js because
 * Netlify accepts nothing but event handlers among a plugin's exports; here everything it depends on
 * can be passed in, for the tests.
 *
 * What Netlify says and does, as far as this relies on it (Netlify's docs, and @netlify/build
 * 37.3.3, which runs plugins):
 *
 * - When onSuccess runs. Netlify's plugin docs: "onSuccess: runs when the deploy succeeds. Can't be
 *   used to prevent a build from being deployed."
 *   (https://docs.netlify.com/extend/develop-and-share/develop-build-plugins/). Netlify's forum
 *   announcement of the current timing: "onSuccess and onEnd events occur after the site is
 *   deployed, live, and published to the deploy URL."
 *   (https://answers.netlify.com/t/netlify-build-plugins-changes-to-when-onsuccess-and-onend-are-invoked-during-the-build-cycle/23489).
 *   In @netlify/build, a build with an onSuccess or onEnd handler asks the buildbot for
 *   `deploySiteAndAwaitLive` ("wait and hand back control to `@netlify/build` once the site is
 *   live", lib/plugins_core/deploy/buildbot_client.js). So the deploy should answer at once; the
 *   retries below (retrySeconds) are a margin, not the plan.
 *
 * - Failing. A failure in onSuccess cannot touch the deploy: @netlify/build treats onSuccess, onError
 *   and onEnd as soft-fail events (lib/plugins/events.js), so utils.build.failPlugin() (even
 *   failBuild(), turned into failPlugin with a warning) marks this plugin failed and nothing else.
 *   failPlugin() throws by design; it is always the last thing a path here does.
 *
 * - The deploy summary. utils.status.show({ title, summary, text }): summary is required and must not
 *   be blank, the three must be strings, no other key is accepted; one status per plugin, a later
 *   call replaces the earlier one, and an error status (failPlugin's) replaces a success status, with
 *   the failPlugin message as its summary. So the failPlugin message below carries the failures
 *   itself. Netlify documents no length limit for summary or text; this plugin keeps the summary to
 *   one line and clips the text (limits below), and the full summary goes to the deploy log.
 *
 * - Which URL. DEPLOY_URL: "URL representing the unique URL for an individual deploy. It starts
 *   with a unique ID that identifies the deploy"
 *   (https://docs.netlify.com/build/configure-builds/environment-variables/#deploy-urls-and-metadata).
 *   That is this deploy and no other. DEPLOY_PRIME_URL is the branch or Deploy Preview alias, which
 *   a later deploy of the same branch takes over; URL is the site's main address, which serves the
 *   production deploy whatever this build was. A local `netlify build` (no deploy) still gets a
 *   DEPLOY_URL from @netlify/config, made up from DEPLOY_ID `0` (`https://0--<site>.netlify.app`):
 *   that one is skipped, nothing of this build is live there.
 *
 * - Which Node: see index.js. The verifier (fallback-pages's, bundled into dist/fallback.js) needs
 *   Node >= 22.12: it is imported on first use, so that a Node that cannot load it is reported as
 *   this plugin's failure.
 *
 * - Reports. runVerify writes report.html, report.json and junit.xml to
 *   node_modules/.cache/fallback-pages/verify/ in the build container, outside the site's sources. Netlify publishes dist/ only, and that was deployed before onSuccess ran: the reports
 *   end with the container. The deploy log keeps the whole terminal summary.
 */

/** @typedef {import('@netlify/build').NetlifyPluginUtils} NetlifyPluginUtils */
/** @typedef {typeof import('fallback-pages/verify').runVerify} RunVerify */
/** @typedef {import('fallback-pages/verify').VerifyCommand} VerifyCommand */
/** @typedef {import('fallback-pages/verify').VerifyRun} VerifyRun */
/** @typedef {import('fallback-pages/verify').Unreachable} Unreachable */

/**
 * What the handler needs of Netlify's `utils`: the deploy summary and the plugin's failure.
 * @typedef {Pick<NetlifyPluginUtils, 'status' | 'build'>} PluginUtils
 */

/**
 * The inputs once read: manifest.yml's defaults are filled in by Netlify, these again by the handler
 * for callers (tests) that pass none.
 * @typedef {object} Settings
 * @property {boolean} failOnContract
 * @property {string} host
 * @property {number} retrySeconds
 * @property {string} [contract] the route contract's file, when the input names one
 * @property {number | undefined} budget
 */

/**
 * @typedef {object} VerifyDeployOptions
 * @property {Record<string, unknown>} [inputs] the plugin's inputs, as netlify.toml and manifest.yml give them
 * @property {PluginUtils} utils
 * @property {Record<string, string | undefined>} [env] where DEPLOY_URL and DEPLOY_ID are read (default process.env)
 * @property {RunVerify} [runVerify] default: the bundled verifier, imported on first use
 * @property {(ms: number) => Promise<void>} [sleep] the wait between tries
 * @property {number} [retryDelayMs] between tries while the deploy does not answer (default 5 s)
 * @property {Omit<Partial<VerifyCommand>, 'url'>} [command] more for runVerify: dist, contract, reportDir, timeoutMs, log…
 * @property {string} [placed] what onPostBuild placed (pages, rules), said in the deploy summary too
 */

/**
 * How a call ended, for tests and logs.
 * @typedef {object} VerifyDeployOutcome
 * @property {'skipped' | 'passed' | 'failed' | 'unreachable' | 'login'} outcome
 * @property {number} attempts runVerify calls made
 * @property {VerifyRun} [run] the last run
 */

const defaults = { failOnContract: true, host: 'netlify', retrySeconds: 60 };

/** Every few seconds while the deploy does not answer yet. */
const RETRY_DELAY_MS = 5000;

/** The deploy summary's line under the title: one line, kept short. */
const SUMMARY_MAX = 300;
/** The collapsible text; the deploy log has everything. */
const TEXT_MAX = 10_000;
/** The failPlugin message, which becomes the failed status's summary. */
const FAIL_MESSAGE_MAX = 3000;
/** Failures named in the failPlugin message. */
const FAILURES_NAMED = 10;

const reportsNote =
	"Reports (report.html, report.json, junit.xml) were written in the build container, outside the site's files (the log says where), which Netlify does not publish; the full summary is in the deploy log.";

/**
 * @param {string} text
 * @param {number} max
 */
function clip(text, max) {
	return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * One line for the summary: no line breaks, clipped, never blank (Netlify refuses a blank summary).
 * @param {string} text
 */
const oneLine = (text) => clip(text.replace(/\s*\n\s*/g, ' ').trim(), SUMMARY_MAX) || '(no message)';

/**
 * The verifier's text in the collapsible section, as a code block so that the table keeps its columns
 * if Netlify renders markdown there. A server's answer may hold backticks: a run of three could end
 * the block early, so such runs are broken up.
 * @param {string} text
 */
function block(text) {
	const safe = clip(
		text.replace(/`{3,}/g, (ticks) => ticks.split('').join('\u200b')),
		TEXT_MAX,
	);
	return `\`\`\`\n${safe}\n\`\`\``;
}

/**
 * @param {unknown} value
 * @param {string} name
 * @param {boolean} fallback
 */
function booleanInput(value, name, fallback) {
	if (value === undefined || value === null) return fallback;
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw new Error(`input ${name} must be true or false, not ${JSON.stringify(value)}`);
}

/**
 * @param {unknown} value
 * @param {string} name
 * @param {number} min
 */
function numberInput(value, name, min) {
	if (value === undefined || value === null || value === '') return undefined;
	const number = typeof value === 'string' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isFinite(number) || number < min) {
		throw new Error(`input ${name} must be a number of at least ${min}, not ${JSON.stringify(value)}`);
	}
	return number;
}

/**
 * The inputs, checked: a wrong one is a configuration error, said as such.
 * @param {Record<string, unknown>} inputs
 * @returns {Settings}
 */
export function readSettings(inputs) {
	const host = inputs['host'] ?? defaults.host;
	if (typeof host !== 'string' || host.trim() === '') {
		throw new Error(`input host must be a host profile's name, not ${JSON.stringify(host)}`);
	}
	const contract = inputs['contract'];
	if (contract !== undefined && (typeof contract !== 'string' || contract.trim() === '')) {
		throw new Error(`input contract must be a file's path, not ${JSON.stringify(contract)}`);
	}
	return {
		failOnContract: booleanInput(inputs['failOnContract'], 'failOnContract', defaults.failOnContract),
		host: host.trim(),
		...(contract !== undefined ? { contract: contract.trim() } : {}),
		retrySeconds: numberInput(inputs['retrySeconds'], 'retrySeconds', 0) ?? defaults.retrySeconds,
		budget: numberInput(inputs['budget'], 'budget', 1),
	};
}

/**
 * This deploy's own address, or why there is none to check.
 * @param {Record<string, string | undefined>} env
 * @returns {{ url: string } | { skip: string }}
 */
export function deployTarget(env) {
	const url = env['DEPLOY_URL']?.trim();
	if (!url) {
		return {
			skip: 'DEPLOY_URL is not set, so this build has no deploy of its own to check (a local build?).',
		};
	}
	if (env['DEPLOY_ID'] === '0' || /^https?:\/\/0--/.test(url)) {
		return {
			skip: `${url} is the address Netlify Build makes up for a build without a deploy (DEPLOY_ID 0, a local \`netlify build\`): nothing of this build is live there.`,
		};
	}
	return { url };
}

/**
 * Whether a deploy that could not be reached may answer in a moment: a refused, reset or timed-out
 * connection, or DNS that failed for the moment (EAI_AGAIN). A TLS failure, a name that does not
 * exist, a login or a redirect elsewhere will not change by waiting.
 * @param {Unreachable} unreachable
 */
export function mayAnswerSoon(unreachable) {
	switch (unreachable.kind) {
		case 'refused':
		case 'reset':
		case 'timeout':
			return true;
		case 'dns':
			return /EAI_AGAIN/.test(unreachable.message);
		default:
			return false;
	}
}

/** `12 passed, 3 failed, 2 without a verdict (…)`. @param {VerifyRun} run */
function countsLine(run) {
	const { passed, failed, errors, notRun } = run.counts;
	const parts = [`${passed} passed`, `${failed} failed`];
	if (errors > 0) {
		parts.push(
			`${errors} without a verdict${notRun > 0 ? ` (${notRun} not run: the request budget was spent)` : ''}`,
		);
	}
	return parts.join(', ');
}

/**
 * The cases that did not pass, one line each: `group: case: first failure` or its network error.
 * @param {VerifyRun} run
 */
function troubleLines(run) {
	const troubled = run.result.results.filter((one) => one.verdict !== 'passed');
	// Failed cases first: a case without a verdict (a network error, the spent budget) says less.
	const ordered = [
		...troubled.filter((one) => one.verdict === 'failed'),
		...troubled.filter((one) => one.verdict !== 'failed'),
	];
	return ordered.map((one) => {
		const first = one.failures[0];
		const why = first
			? `${first.request} → ${first.what}: expected ${first.expected}, got ${first.got}${one.failures.length > 1 ? ` (+${one.failures.length - 1} more)` : ''}`
			: `no answer: ${one.error ?? 'the request failed'}`;
		// Server text: control characters (line breaks among them) would garble the line.
		return `${one.group}: ${one.name}: ${why}`.replace(/[\u0000-\u001f\u007f]/g, ' ');
	});
}

/**
 * The failPlugin message, which Netlify shows as the failed status's summary: what broke, the first
 * failures by name, where the rest are.
 * @param {string} headline
 * @param {string[]} lines
 */
function failMessage(headline, lines) {
	const named = lines.slice(0, FAILURES_NAMED).map((line) => `- ${clip(line, 240)}`);
	const more = lines.length > FAILURES_NAMED ? [`… and ${lines.length - FAILURES_NAMED} more.`] : [];
	return clip(
		[headline, ...named, ...more, 'The deploy stays live (onSuccess cannot stop it). ' + reportsNote].join(
			'\n',
		),
		FAIL_MESSAGE_MAX,
	);
}

/** @type {(ms: number) => Promise<void>} */
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The verifier, loaded on first use (see "Which Node" above).
 * @returns {Promise<RunVerify>}
 */
async function loadRunVerify() {
	try {
		const main = /** @type {typeof import('../fallback-pages/src/kit/forPlugin')} */ (
			/** @type {unknown} */ (await import('./dist/fallback.js'))
		);
		return main.runVerify;
	} catch (error) {
		throw Object.assign(
			new Error(
				`could not load the verifier (the plugin's dist/fallback.js) with Node ${process.versions.node}: it needs Node >= 22.12. ${error instanceof Error ? error.message : String(error)}`,
			),
			{ cause: error },
		);
	}
}

/**
 * The plugin's work, with what it depends on passed in: reads the deploy's address, runs the verifier
 * (again, every few seconds up to `retrySeconds`, while the deploy does not answer yet), and reports
 * in the deploy summary; `utils.build.failPlugin()` when the contract is broken and `failOnContract`
 * is on. Returns how it ended, unless failPlugin threw.
 * @param {VerifyDeployOptions} options
 * @returns {Promise<VerifyDeployOutcome>}
 */
export async function verifyDeploy(options) {
	const {
		inputs = {},
		utils,
		env = process.env,
		sleep = wait,
		retryDelayMs = RETRY_DELAY_MS,
		command = {},
	} = options;
	/** @type {(line: string) => void} */
	const log = command.log ?? ((line) => console.log(line));
	// What onPostBuild placed goes with every status: a later status replaces an earlier one.
	/** @type {PluginUtils['status']['show']} */
	const show = (status) =>
		utils.status.show(
			options.placed
				? { ...status, text: status.text ? `${options.placed}\n\n${status.text}` : options.placed }
				: status,
		);

	/** @type {Settings} */
	let settings;
	try {
		settings = readSettings(inputs);
	} catch (error) {
		return utils.build.failPlugin(
			`Fallback: ${/** @type {Error} */ (error).message} (netlify.toml, [plugins.inputs]).`,
		);
	}

	const target = deployTarget(env);
	if ('skip' in target) {
		log(`Fallback: nothing to verify. ${target.skip}`);
		show({ title: 'Fallback: nothing to verify', summary: oneLine(target.skip) });
		return { outcome: 'skipped', attempts: 0 };
	}

	let attempts = 0;
	/** @type {VerifyRun} */
	let run;
	try {
		const runVerify = options.runVerify ?? (await loadRunVerify());
		const deadline = Date.now() + settings.retrySeconds * 1000;
		for (;;) {
			attempts += 1;
			run = await runVerify({
				url: target.url,
				host: settings.host,
				...(settings.contract !== undefined ? { contract: settings.contract } : {}),
				...(settings.budget !== undefined ? { budget: settings.budget } : {}),
				...command,
				log,
			});
			const unreachable = run.result.unreachable;
			const left = deadline - Date.now();
			if (!unreachable || !mayAnswerSoon(unreachable) || left <= 0) break;
			const pause = Math.min(retryDelayMs, left);
			log(
				`Fallback: ${target.url} does not answer yet (${unreachable.kind}); trying again in ${Math.round(pause / 100) / 10} s (try ${attempts + 1}; retrySeconds = ${settings.retrySeconds}).`,
			);
			await sleep(pause);
		}
	} catch (error) {
		// Not the deploy's verdict: the verifier could not run here (no contract, an unknown host…).
		const message = error instanceof Error ? error.message : String(error);
		show({ title: 'Fallback: verification could not run', summary: oneLine(message) });
		return utils.build.failPlugin(`Fallback: the deploy was not verified: ${message}`, {
			...(error instanceof Error ? { error } : {}),
		});
	}

	const tries = attempts > 1 ? ` (after ${attempts} tries)` : '';
	const text = `${block(run.summary)}\n\n${reportsNote}`;
	const unreachable = run.result.unreachable;

	if (unreachable?.kind === 'login') {
		// A password-protected deploy (or a site behind SSO): the verifier has no credentials and should
		// not have any. Not a failure of the deploy, not something retries change: said plainly, and
		// the plugin stays green so that protected previews do not mark every deploy failed.
		show({
			title: 'Fallback: not verified, a login stands in front of the deploy',
			summary: oneLine(unreachable.message),
			text,
		});
		return { outcome: 'login', attempts, run };
	}

	if (unreachable) {
		const headline = `Fallback: ${target.url} could not be verified${tries}: ${unreachable.kind}: ${unreachable.message}`;
		show({ title: 'Fallback: deploy not reachable', summary: oneLine(headline), text });
		if (settings.failOnContract) return utils.build.failPlugin(failMessage(headline, []));
		return { outcome: 'unreachable', attempts, run };
	}

	if (run.passed) {
		show({
			title: 'Fallback: contract verified',
			summary: oneLine(
				`${countsLine(run)}: ${target.url} answers as the route contract says (${run.result.host})${tries}.`,
			),
			text,
		});
		return { outcome: 'passed', attempts, run };
	}

	// Failed cases break the contract; cases left without a verdict (the spent budget, the network)
	// mean it was not all checked, which fails the run too but is said differently.
	const broken = run.counts.failed > 0;
	const headline = `Fallback: ${target.url} ${broken ? 'breaks the route contract' : 'was not fully checked'}${tries}: ${countsLine(run)}.`;
	const title = broken ? 'Fallback: contract broken' : 'Fallback: contract not fully checked';
	show({
		title: settings.failOnContract ? title : `${title} (reported only)`,
		summary: oneLine(headline),
		text,
	});
	if (settings.failOnContract) return utils.build.failPlugin(failMessage(headline, troubleLines(run)));
	return { outcome: 'failed', attempts, run };
}
