import type { RoomsMessages } from '../types.js';

export default {
  'rooms.notFound': '客室が存在しません。',
  'rooms.roomTypeNotFound': '客室タイプ {id} はこのホテルに存在しません。',
  'rooms.numTaken': '部屋番号 {room_num} は既に存在します。',
  'rooms.rcuTaken': 'RCU ID {rcu_id} は既に使われています。',
  'rooms.badMac': 'MAC アドレスは 16 進数 12 桁です。',
  'rooms.floorOutOfRange': '{floor} 階は建物 {building} の階の範囲 {from}..{to} の外です。',
  'rooms.bulkLimit': '一度に追加できる客室は最大 {max} 件です。',
  'rooms.bulkRange': '開始の階・部屋は終了以下である必要があります。',
  'rooms.badPattern': '番号ルール: {pattern} には {floor} と {room} の両方が必要です。',
  'rooms.patternGivesBadNumber':
    '番号ルール: 生成される部屋番号 {room_num} は 1〜16 文字の英数字または - ではありません。',
  'rooms.patternRepeats':
    '番号ルール: 部屋番号 {room_num} が重複します。{floor:2}{room:2} のように桁数を指定してください。',
  'rooms.importErrors': '{count} 行にエラーがあるため、何もインポートされませんでした。',
  'rooms.importErrorsOne': '{count} 行にエラーがあるため、何もインポートされませんでした。',
  'rooms.importTooLarge': 'インポートファイルが大きすぎます(上限 {limit} バイト)。',
  'rooms.importInflatedTooLarge':
    'スプレッドシートの展開後のサイズが {limit} MB を超えるため、何もインポートされませんでした。不要なシートや内容を削除してから再度お試しください。',
  'rooms.importBusy': 'このホテルでは客室のインポートが実行中です。完了してから再度お試しください。',
  'rooms.importTooManyRows': '一度にインポートできるのは最大 {max} 行です。',
  'rooms.importUnreadable':
    'ファイルを読み込めません。CSV(UTF-8)または Excel(.xlsx)ファイルをアップロードしてください。',
  'rooms.importNoFile': 'アップロードするファイルを 1 つ選んでください。',
  'rooms.importFileEmpty': 'ファイルが空です。',
  'rooms.importNotMultipart': 'インポートは multipart/form-data でアップロードしてください。',
  'rooms.importEmpty': 'ファイルに客室の行がありません。',
  'rooms.importMissingColumn': 'ファイルに列 {columns} がありません。',
  'rooms.importMissingColumns': 'ファイルに次の列がありません：{columns}。',
} satisfies RoomsMessages;
