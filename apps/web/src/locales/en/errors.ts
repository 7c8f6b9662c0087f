import type { ErrorMessages } from '../types';

export default {
  'errors.4400': 'Invalid input',
  'errors.4401': 'Your session has expired, please log in again',
  'errors.4433': 'Your session ended elsewhere, please log in again',
  'errors.4403': 'Permission denied',
  'errors.4404': 'Not found',
  'errors.4409': 'Conflict with existing data, please check and try again',
  'errors.4410': "The hotel's validity period is over",
  'errors.4408': 'The device did not carry out the command: offline, refused, or no answer in 10 s',
  'errors.4413': 'Too large',
  'errors.4429': 'Too many requests, please try again later',
  'errors.5000': 'Internal server error',
  'errors.network': 'Network error, please check your connection',
  'errors.timeout': 'The request timed out, please try again later',
  'errors.http': 'Request failed ({{status}})',
} satisfies ErrorMessages;
