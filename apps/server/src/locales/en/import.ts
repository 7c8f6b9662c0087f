import type { ImportMessages } from '../types.js';

export default {
  'import.required': 'is required',
  'import.badRoomNum': 'must be 1–16 letters, digits or -',
  'import.roomNumTaken': 'room number {value} already exists',
  'import.repeated': 'repeats line {other}',
  'import.unknownBuilding': 'no building named {value}',
  'import.badFloor': 'must be a whole number from {min} to {max}',
  'import.floorOutOfRange': 'is outside the floors {from}..{to} of building {building}',
  'import.unknownRoomType': 'no room type named {value}',
  'import.badRcuId': 'must be 1–32 letters or digits',
  'import.rcuTaken': 'RCU ID {value} is already in use',
  'import.badMac': 'must be 12 hex digits',
  'import.tooLong': 'must not have more than {max} characters',
  'import.exampleRow': 'Example row: replace or delete',
  'import.badDate': 'must be a date YYYY-MM-DD',
} satisfies ImportMessages;
