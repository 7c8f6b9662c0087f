import type { LiveMessages } from '../types.js';

export default {
  'live.deviceTimeout': 'La RCU de la habitación {room} no respondió en {seconds} s (desconectada o sin respuesta).',
  'live.deviceOffline': 'La RCU de la habitación {room} está desconectada; la orden no se envió.',
  'live.deviceRefused': 'La RCU de la habitación {room} rechazó la orden: {reason}',
  'live.gatewayDown': 'La pasarela de dispositivos no está en marcha; no se pudo enviar la orden.',
  'live.roomNotFound': 'La habitación no existe.',
  'live.alertNotFound': 'La alerta no existe.',
  'live.notWebSocket': 'Esta dirección solo acepta conexiones WebSocket.',
  'live.socketFirstMessage': 'El primer mensaje debe ser {"token":"…"}.',
  'live.socketAuthTimeout': 'No llegó ningún token en {seconds} s; la conexión se ha cerrado.',
  'live.noRoomsChosen': 'Elija las habitaciones: por habitación, planta, tipo o edificio.',
  'live.noAirConditioner': 'La habitación {room} no tiene aire acondicionado.',
} satisfies LiveMessages;
