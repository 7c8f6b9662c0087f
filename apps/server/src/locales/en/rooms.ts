import type { RoomsMessages } from '../types.js';

export default {
  'rooms.notFound': 'The room does not exist.',
  'rooms.roomTypeNotFound': 'Room type {id} does not exist in this hotel.',
  'rooms.numTaken': 'Room number {room_num} already exists.',
  'rooms.rcuTaken': 'RCU ID {rcu_id} is already in use.',
  'rooms.badMac': 'A MAC address is 12 hex digits.',
  'rooms.floorOutOfRange': 'Floor {floor} is outside the floors {from}..{to} of building {building}.',
  'rooms.bulkLimit': 'At most {max} rooms at once.',
  'rooms.bulkRange': 'The first floor or room must not be above the last.',
  'rooms.badPattern': 'Number pattern: {pattern} must contain both {floor} and {room}.',
  'rooms.patternGivesBadNumber':
    'Number pattern: it gives the room number {room_num}, which is not 1–16 letters, digits or -.',
  'rooms.patternRepeats':
    'Number pattern: it gives the room number {room_num} twice; pad floor or room, e.g. {floor:2}{room:2}.',
  'rooms.importErrors': '{count} rows have errors; nothing was imported.',
  'rooms.importErrorsOne': '{count} row has errors; nothing was imported.',
  'rooms.importTooLarge': 'The import file is too large (limit {limit} bytes).',
  'rooms.importInflatedTooLarge':
    'The spreadsheet unpacks to more than {limit} MB; nothing was imported. Remove extra sheets and content and try again.',
  'rooms.importBusy': 'Rooms are already being imported into this hotel; try again when that import has finished.',
  'rooms.importTooManyRows': 'At most {max} rows per import.',
  'rooms.importUnreadable': 'The file cannot be read; upload a CSV (UTF-8) or Excel (.xlsx) file.',
  'rooms.importNoFile': 'Choose one file to upload.',
  'rooms.importFileEmpty': 'The file is empty.',
  'rooms.importNotMultipart': 'An import is a multipart/form-data upload.',
  'rooms.importEmpty': 'The file has no room rows.',
  'rooms.importMissingColumn': 'The file is missing the column {columns}.',
  'rooms.importMissingColumns': 'The file is missing the columns: {columns}.',
} satisfies RoomsMessages;
