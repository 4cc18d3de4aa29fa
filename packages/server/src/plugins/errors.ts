/** Turns every failure into the catalogue's JSON `{ code, message }` with the right status. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { constraintViolation } from '../db/errors-driver';

export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: 'ROUTE_NOT_FOUND',
      message: `There is no ${request.method} ${request.url.split('?')[0]}; see /api/docs for the API`,
    });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(error.toJSON());
    }
    if (error.validation) {
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: error.message });
    }
    const constraint = constraintViolation(error);
    if (constraint === 'unique') {
      return reply.status(409).send({
        code: 'ALREADY_EXISTS',
        message: 'An item with that id already exists; use a new id',
      });
    }
    if (constraint === 'foreignKey') {
      return reply.status(400).send({
        code: 'INVALID_REFERENCE',
        message: 'The request refers to an item that does not exist',
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
    }
    if (status === 429) {
      return reply.status(429).send({
        code: 'TOO_MANY_REQUESTS',
        message: error.message || 'Too many requests; wait a moment and try again',
      });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, unsupported media type, empty body...
      return reply
        .status(status)
        .send({ code: 'VALIDATION_FAILED', message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: 'INTERNAL',
      message: 'Something went wrong on the server; the error has been logged',
    });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Send the body as application/json';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty; send a JSON object';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return `The request body is not valid JSON: ${error.message}`;
      }
      return error.message;
  }
}
