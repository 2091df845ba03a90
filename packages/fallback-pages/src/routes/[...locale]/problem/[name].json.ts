// The problem document of every page, for API clients (`problem/404.json`): RFC 9457 JSON.
import type { APIRoute, GetStaticPaths } from 'astro';
import { problemJson, type ProblemDocument } from '../../../problems/documents';
import { problemPaths } from '../../../problems/build';

export const getStaticPaths = (() => problemPaths()) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
	new Response(problemJson(props.problem as ProblemDocument), {
		headers: { 'Content-Type': 'application/problem+json' },
	});
