import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';
import { logWords } from './describe.js';

/** Log statistics (pm_logstatistics): the event log and the operation log, their counts, exports and retention. */
export async function logRoutes(app: FastifyInstance) {
  const { logs } = app.services;
  registerCalls(app, CALLS.logs, {
    words: ({ request }) => logWords(request.language),
    events: ({ hotelId, body, request }) => logs.events(hotelId, body, request.language),
    eventCounts: ({ hotelId, body, request }) => logs.eventCounts(hotelId, body, request.language),
    eventExport: ({ hotelId, body, request }) => logs.exportEvents(hotelId, body, request.language),
    operationCounts: ({ hotelId, body, request }) => logs.operationCounts(hotelId, body, request.language),
    operationExport: ({ hotelId, body, request }) => logs.exportOperations(hotelId, body, request.language),
    retention: ({ hotelId }) => logs.retention(hotelId),
    updateRetention: ({ actor, hotelId, body }) => logs.updateRetention(actor, hotelId, body),
  });
}
