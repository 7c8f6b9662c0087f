import { DEMO_HOTEL_NAME, type Language } from './constants.js';
import type { GoodsType, QuestionType } from './guestservice.js';

/**
 * The demo hotel's words in each console language: the first start seeds the demo hotel in the
 * language DEMO_LANGUAGE asks for (default zh), so that a user of that language reads none of
 * another's. The English set keeps API.md's "RoomPilot Demo Hotel". Shared by the server (the
 * seed), the simulator (it finds the demo hotel by any of its names) and the tests.
 */
export interface DemoWords {
  hotel: string;
  building: string;
  roomTypes: { standard: string; deluxe: string };
  devices: {
    ceilingLight: string;
    bedsideLight: string;
    readingLamp: string;
    curtain: string;
    airConditioner: string;
    ventilation: string;
    hallwayLight: string;
    sheerCurtain: string;
    floorHeating: string;
    deskSocket: string;
    tv: string;
  };
  /** Nicknames of the demo users, by user name (a user not named here keeps its English nickname). */
  nickNames: Record<string, string>;
  /** The demo hotel's guest service: its welcome word, a few goods (price in cents) and questions. */
  guestService: {
    welcome: string;
    goods: { name: string; description: string; number: number; type: GoodsType; price: number }[];
    questions: { question: string; reply: string; type: QuestionType }[];
  };
}

export const DEMO_WORDS: Record<Language, DemoWords> = {
  zh: {
    hotel: 'RoomPilot 演示酒店',
    building: '主楼',
    roomTypes: { standard: '标准大床房', deluxe: '豪华双床房' },
    devices: {
      ceilingLight: '吸顶灯',
      bedsideLight: '床头灯',
      readingLamp: '阅读灯',
      curtain: '窗帘',
      airConditioner: '空调',
      ventilation: '新风',
      hallwayLight: '过道灯',
      sheerCurtain: '纱帘',
      floorHeating: '浴室地暖',
      deskSocket: '书桌插座',
      tv: '电视',
    },
    nickNames: {
      manager: '经理',
      waiter: '服务员',
      visitor: '访客',
      worker: '工程师',
      guest: '客人',
      nobody: '无权限用户',
    },
    guestService: {
      welcome: '尊敬的宾客，欢迎入住 RoomPilot 演示酒店！祝您住得舒心。如需帮助，请拨打前台电话 0。',
      goods: [
        { name: '矿泉水', description: '550 毫升', number: 40, type: 'drink', price: 500 },
        { name: '坚果礼盒', description: '混合坚果 200 克', number: 12, type: 'minibar', price: 3800 },
        { name: '牙具套装', description: '牙刷与牙膏', number: 100, type: 'amenity', price: 0 },
        { name: '手机充电器', description: 'USB-C，可借用', number: 6, type: 'rental', price: 0 },
      ],
      questions: [
        { question: '无线网络密码是多少？', reply: '网络名 RoomPilot-WiFi，密码 welcome2024。', type: 'wifi' },
        { question: '早餐几点供应？', reply: '每天 6:30 至 10:00，一楼餐厅。', type: 'dining' },
        { question: '几点退房？', reply: '中午 12:00 前退房；如需延迟请联系前台。', type: 'stay' },
      ],
    },
  },
  en: {
    hotel: DEMO_HOTEL_NAME,
    building: 'Main building',
    roomTypes: { standard: 'Standard King', deluxe: 'Deluxe Twin' },
    devices: {
      ceilingLight: 'Ceiling light',
      bedsideLight: 'Bedside light',
      readingLamp: 'Reading lamp',
      curtain: 'Curtain',
      airConditioner: 'Air conditioner',
      ventilation: 'Ventilation',
      hallwayLight: 'Hallway light',
      sheerCurtain: 'Sheer curtain',
      floorHeating: 'Bathroom floor heating',
      deskSocket: 'Desk socket',
      tv: 'TV',
    },
    nickNames: {
      manager: 'Manager',
      waiter: 'Waiter',
      visitor: 'Visitor',
      worker: 'Technician',
      guest: 'Guest',
      nobody: 'No access',
    },
    guestService: {
      welcome:
        'Dear guest, welcome to the RoomPilot Demo Hotel! We wish you a pleasant stay. For help, call the front desk on 0.',
      goods: [
        { name: 'Mineral water', description: '550 ml', number: 40, type: 'drink', price: 500 },
        { name: 'Mixed nuts', description: '200 g gift box', number: 12, type: 'minibar', price: 3800 },
        { name: 'Dental kit', description: 'Toothbrush and toothpaste', number: 100, type: 'amenity', price: 0 },
        { name: 'Phone charger', description: 'USB-C, to borrow', number: 6, type: 'rental', price: 0 },
      ],
      questions: [
        {
          question: 'What is the Wi-Fi password?',
          reply: 'Network RoomPilot-WiFi, password welcome2024.',
          type: 'wifi',
        },
        {
          question: 'When is breakfast served?',
          reply: 'Every day from 6:30 to 10:00 in the ground-floor restaurant.',
          type: 'dining',
        },
        {
          question: 'When is check-out?',
          reply: 'By 12:00 noon; ask the front desk for a late check-out.',
          type: 'stay',
        },
      ],
    },
  },
  es: {
    hotel: 'Hotel Demo RoomPilot',
    building: 'Edificio principal',
    roomTypes: { standard: 'Estándar con cama grande', deluxe: 'Superior con dos camas' },
    devices: {
      ceilingLight: 'Luz de techo',
      bedsideLight: 'Luz de mesilla',
      readingLamp: 'Lámpara de lectura',
      curtain: 'Cortina',
      airConditioner: 'Aire acondicionado',
      ventilation: 'Ventilación',
      hallwayLight: 'Luz del pasillo',
      sheerCurtain: 'Visillo',
      floorHeating: 'Suelo radiante del baño',
      deskSocket: 'Enchufe del escritorio',
      tv: 'Televisor',
    },
    nickNames: {
      manager: 'Gerente',
      waiter: 'Camarero',
      visitor: 'Visitante',
      worker: 'Técnico',
      guest: 'Huésped',
      nobody: 'Sin acceso',
    },
    guestService: {
      welcome:
        'Estimado huésped, ¡bienvenido al Hotel Demo RoomPilot! Le deseamos una estancia agradable. Para cualquier ayuda, llame a recepción marcando el 0.',
      goods: [
        { name: 'Agua mineral', description: '550 ml', number: 40, type: 'drink', price: 500 },
        { name: 'Frutos secos', description: 'Caja de regalo de 200 g', number: 12, type: 'minibar', price: 3800 },
        { name: 'Kit dental', description: 'Cepillo y pasta de dientes', number: 100, type: 'amenity', price: 0 },
        { name: 'Cargador de móvil', description: 'USB-C, en préstamo', number: 6, type: 'rental', price: 0 },
      ],
      questions: [
        {
          question: '¿Cuál es la contraseña del wifi?',
          reply: 'Red RoomPilot-WiFi, contraseña welcome2024.',
          type: 'wifi',
        },
        {
          question: '¿A qué hora se sirve el desayuno?',
          reply: 'Todos los días de 6:30 a 10:00 en el restaurante de la planta baja.',
          type: 'dining',
        },
        {
          question: '¿A qué hora es la salida?',
          reply: 'Antes de las 12:00; pida en recepción una salida más tarde.',
          type: 'stay',
        },
      ],
    },
  },
  ja: {
    hotel: 'RoomPilot デモホテル',
    building: '本館',
    roomTypes: { standard: 'スタンダードキング', deluxe: 'デラックスツイン' },
    devices: {
      ceilingLight: 'シーリングライト',
      bedsideLight: 'ベッドサイドライト',
      readingLamp: '読書灯',
      curtain: 'カーテン',
      airConditioner: 'エアコン',
      ventilation: '換気扇',
      hallwayLight: '廊下灯',
      sheerCurtain: 'レースカーテン',
      floorHeating: '浴室床暖房',
      deskSocket: 'デスクコンセント',
      tv: 'テレビ',
    },
    nickNames: {
      manager: '支配人',
      waiter: 'スタッフ',
      visitor: '来訪者',
      worker: '技術者',
      guest: 'ゲスト',
      nobody: '権限なし',
    },
    guestService: {
      welcome:
        'RoomPilot デモホテルへようこそ。快適なご滞在をお祈りいたします。ご用の際はフロント（0 番）までお電話ください。',
      goods: [
        { name: 'ミネラルウォーター', description: '550 ml', number: 40, type: 'drink', price: 500 },
        { name: 'ミックスナッツ', description: '200 g ギフトボックス', number: 12, type: 'minibar', price: 3800 },
        { name: '歯ブラシセット', description: '歯ブラシと歯磨き粉', number: 100, type: 'amenity', price: 0 },
        { name: 'スマートフォン充電器', description: 'USB-C、貸し出し', number: 6, type: 'rental', price: 0 },
      ],
      questions: [
        {
          question: 'Wi-Fi のパスワードは？',
          reply: 'ネットワーク名 RoomPilot-WiFi、パスワード welcome2024 です。',
          type: 'wifi',
        },
        {
          question: '朝食の時間は？',
          reply: '毎日 6:30〜10:00、1 階レストランにてご用意しております。',
          type: 'dining',
        },
        {
          question: 'チェックアウトは何時ですか？',
          reply: '12:00 までです。延長はフロントへお申し付けください。',
          type: 'stay',
        },
      ],
    },
  },
};

/** Every name the demo hotel may have (the simulator's `--demo` looks for each). */
export const DEMO_HOTEL_NAMES: readonly string[] = Object.values(DEMO_WORDS).map((words) => words.hotel);
