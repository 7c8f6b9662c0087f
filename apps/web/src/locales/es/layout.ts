import type { LayoutMessages } from '../types';

export default {
  'layout.toggleMenu': 'Mostrar u ocultar menú',
  'layout.language': 'Idioma',
  'layout.userMenu': 'Menú de usuario',
  'layout.errorLog': 'Registro de errores',
  'layout.errorLogClear': 'Vaciar',
  'layout.errorMessage': 'Mensaje',
  'layout.errorInfo': 'Información',
  'layout.errorUrl': 'URL',
  'layout.errorStack': 'Pila',
  'layout.errorTime': 'Hora',
  'layout.filingNumber': 'Número de registro',
} satisfies LayoutMessages;
