import type { ErrorMessages } from '../types.js';

export default {
  ok: 'OK',
  'error.invalid': 'Invalid input: {detail}',
  'error.malformedJson': 'The request body is not valid JSON.',
  'error.tooDeep': 'Invalid input: {field} is nested more than {max} levels deep.',
  'error.contentType': 'Unsupported content type {type}; send application/json.',
  'error.forbidden': 'You do not have permission to do this.',
  'error.visitorReadOnly': 'Visitors may look but not change anything.',
  'error.adminOnly': 'Only the platform Administrator may do this.',
  'error.notFound': 'The requested item does not exist.',
  'error.routeNotFound': 'No such call: {method} {url}',
  'error.tooLarge': 'The request is too large (limit {limit} bytes).',
  'error.tooManyRequests': 'Too many requests; please try again later.',
  'error.overloaded': 'The server is busy; please try again in {seconds} s.',
  'error.databaseUnavailable':
    'The database cannot be reached right now; nothing was changed. Please try again shortly (request {requestId}).',
  'error.internal': 'Internal server error; please try again later (request {requestId}).',
} satisfies ErrorMessages;
