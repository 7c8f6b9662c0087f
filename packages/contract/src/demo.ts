import { DEMO_HOTEL_NAME, type Language } from './constants.js';

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
  },
};

/** Every name the demo hotel may have (the simulator's `--demo` looks for each). */
export const DEMO_HOTEL_NAMES: readonly string[] = Object.values(DEMO_WORDS).map((words) => words.hotel);
