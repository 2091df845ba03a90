// The plain-text twin of every problem document, for clients that ask for text/plain.
import type { APIRoute, GetStaticPaths } from 'astro';
import { problemText, type ProblemDocument } from '../../../problems/documents';
import { problemPaths } from '../../../problems/build';

export const getStaticPaths = (() => problemPaths()) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
	new Response(problemText(props.problem as ProblemDocument), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8' },
	});
