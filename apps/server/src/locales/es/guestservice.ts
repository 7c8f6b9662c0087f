import type { GuestServiceMessages } from '../types.js';

export default {
  'guestservice.goodsNotFound': 'El artículo no existe.',
  'guestservice.goodsNameTaken': 'Ya existe un artículo con este nombre.',
  'guestservice.goodsFull': 'Un hotel puede tener como máximo {max} artículos.',
  'guestservice.questionNotFound': 'La pregunta no existe.',
  'guestservice.questionTaken': 'Esta pregunta ya existe.',
  'guestservice.questionsFull': 'Un hotel puede tener como máximo {max} preguntas.',
  'guestservice.badCredentials': 'ID de RCU o clave del dispositivo incorrectos.',
  'guestservice.tooManyRequests': 'Demasiadas solicitudes; inténtelo de nuevo en {seconds} s.',
} satisfies GuestServiceMessages;
