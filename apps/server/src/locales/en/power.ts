import type { PowerMessages } from '../types.js';

export default {
  'power.period': 'The start time must be before the end time.',
  'power.tooManyPoints': 'The period is too long for this interval: at most {max} points.',
  'power.savingTooLong': 'The saving is estimated over at most {days} days.',
  'power.hotel': 'Whole hotel',
  'power.floor': 'Floor {floor}',
  'power.deletedType': 'Room type {id} (deleted)',
  'power.rent.empty': 'Vacant',
  'power.rent.for_sale': 'For sale',
  'power.rent.sold': 'Sold',
  'power.rent.checked_in': 'Checked in',
  'power.rent.checkout': 'Checked out',
  'power.rent.unknown': 'Not set',
  'power.time': 'Time',
  'power.total': 'Total',
} satisfies PowerMessages;
