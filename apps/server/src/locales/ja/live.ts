import type { LiveMessages } from '../types.js';

export default {
  'live.deviceTimeout': '部屋 {room} のRCUが {seconds} 秒以内に応答しませんでした(オフラインまたは無応答)。',
  'live.deviceOffline': '部屋 {room} のRCUはオフラインです。コマンドは送信されませんでした。',
  'live.deviceRefused': '部屋 {room} のRCUがコマンドを拒否しました:{reason}',
  'live.gatewayDown': 'デバイスゲートウェイが動作していないため、コマンドを送信できませんでした。',
  'live.roomNotFound': '部屋が存在しません。',
  'live.alertNotFound': 'アラートが存在しません。',
  'live.notWebSocket': 'このアドレスは WebSocket 接続のみ受け付けます。',
  'live.socketFirstMessage': '最初のメッセージは {"token":"…"} である必要があります。',
  'live.socketAuthTimeout': '{seconds} 秒以内にトークンが届かなかったため、接続を閉じました。',
  'live.noRoomsChosen': '部屋を指定してください:部屋、階、客室タイプまたは棟で。',
  'live.noAirConditioner': '部屋 {room} にはエアコンがありません。',
} satisfies LiveMessages;
