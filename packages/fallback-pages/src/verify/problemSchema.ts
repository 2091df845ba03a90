/**
 * RFC 9457's problem details members as a JSON Schema (section 3.1: type, title, status, detail,
 * instance; extension members allowed), checked with Ajv: what every problem document Fallback
 * serves must satisfy. Shared by the build tests, the contract suite and the verifier.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

export const problemDetailsSchema = {
	$schema: 'http://json-schema.org/draft-07/schema#',
	title: 'RFC 9457 problem details, as Fallback fills them',
	type: 'object',
	required: ['type', 'title', 'status', 'detail'],
	properties: {
		// A URI reference that identifies the problem type; Fallback's is the human page, absolute
		// when the build knows the site's address, else a path (RFC 9457 3.1.1 allows relative ones).
		type: { type: 'string', format: 'uri-reference', minLength: 1 },
		title: { type: 'string', minLength: 1 },
		// The HTTP status code (RFC 9457 3.1.3); Fallback's are errors.
		status: { type: 'integer', minimum: 400, maximum: 599 },
		detail: { type: 'string', minLength: 1 },
		instance: { type: 'string', format: 'uri-reference' },
	},
} as const;

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv);
const validate = ajv.compile(problemDetailsSchema);

/** The schema's complaints about a parsed document, or none. */
export function problemDetailsErrors(document: unknown): string[] {
	return validate(document)
		? []
		: (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}
