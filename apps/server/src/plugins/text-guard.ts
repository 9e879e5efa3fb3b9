import { defaultErrorMessages, findUnacceptableText, textProblem } from '@vitrin/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { sendError } from './errors';

// Issue 18: text PostgreSQL or JSON cannot hold (NUL, lone surrogates, other controls) never
// reaches a route, whatever the route: the address (path and query) is checked as soon as the
// request arrives, the body once it is parsed, before any schema or handler sees either. The
// contracts' field helpers say the same and more (direction controls in names); this is the net
// under routes that take text outside a contract (pages, files, the sandbox gateway).

function refuse(field: string, message: string): AppError {
  return new AppError('VALIDATION', defaultErrorMessages.VALIDATION, {
    fields: { [field]: message },
  });
}

const MALFORMED_ADDRESS = 'نشانی درخواست نویسهٔ نامعتبر دارد';

/**
 * Fastify's `frameworkErrors`: the router refuses a path whose escapes are not UTF-8 (a lone
 * surrogate as `%ED%A0%80`, a cut `%E0%A4%A`) before any hook runs; answered in the envelope.
 */
export function refuseMalformedAddress(_error: Error, _request: unknown, reply: FastifyReply) {
  return sendError(reply, 'VALIDATION', defaultErrorMessages.VALIDATION, {
    fields: { _path: MALFORMED_ADDRESS },
  });
}

/** The path as the router decodes it; a malformed escape is refused rather than guessed at. */
function checkAddress(request: FastifyRequest): void {
  const rawPath = request.url.split('?', 1)[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw refuse('_path', MALFORMED_ADDRESS);
  }
  const pathProblem = textProblem(path, 'line');
  if (pathProblem) throw refuse('_path', pathProblem);
  const queryProblem = findUnacceptableText(request.query);
  if (queryProblem) throw refuse(`query.${queryProblem.path || '_query'}`, queryProblem.message);
}

export default fp(
  async (app) => {
    app.addHook('onRequest', async (request) => checkAddress(request));
    app.addHook('preValidation', async (request) => {
      const problem = findUnacceptableText(request.body);
      if (problem) throw refuse(problem.path || '_body', problem.message);
    });
  },
  { name: 'text-guard', dependencies: ['errors'] },
);
