import type { GuestServiceMessages } from '../types.js';

export default {
  'guestservice.goodsNotFound': 'The item does not exist.',
  'guestservice.goodsNameTaken': 'An item with this name already exists.',
  'guestservice.goodsFull': 'A hotel can have at most {max} items.',
  'guestservice.questionNotFound': 'The question does not exist.',
  'guestservice.questionTaken': 'This question already exists.',
  'guestservice.questionsFull': 'A hotel can have at most {max} questions.',
  'guestservice.badCredentials': 'Wrong RCU ID or device key.',
  'guestservice.tooManyRequests': 'Too many requests; try again in {seconds} s.',
} satisfies GuestServiceMessages;
