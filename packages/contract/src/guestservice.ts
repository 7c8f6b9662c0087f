import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { HotelTarget, Id, PageQuery, PageSchema } from './envelope.js';
import { ROOMS_BULK_MAX } from './rooms.js';

/**
 * Guest service (issue 14): what a guest's TV or voice assistant offers in the room. The hotel's
 * goods (minibar, amenities, rentals… with stock and price), its questions and answers, and its
 * welcome word; the console manages them (pm_goods, pm_question, pm_welcome), the room's devices
 * read them all at once with the RCU's credentials (`GET /apis/guestinfo`).
 */

/**
 * Kinds of goods. A fixed set rather than free text: the TV and the voice assistant group the
 * goods by kind and name the kind in the guest's own language (a guest reads "Minibar" or "迷你吧"
 * whatever language the staff typed in), and a fixed set cannot drift into "Drinks", "drinks",
 * "Beverage". `other` covers the rest.
 */
export const GOODS_TYPES = ['minibar', 'food', 'drink', 'amenity', 'rental', 'souvenir', 'other'] as const;
export type GoodsType = (typeof GOODS_TYPES)[number];

/** Kinds of questions, for the same reasons: the TV's Q&A screen shows them as translated tabs. */
export const QUESTION_TYPES = ['stay', 'dining', 'wifi', 'facilities', 'transport', 'other'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const GOODS_NAME_MAX = 64;
export const GOODS_DESCRIPTION_MAX = 500;
/** Stock: a whole count from 0. */
export const GOODS_NUMBER_MAX = 1_000_000;
/** Price in minor units (cents): at most 1,000,000.00. */
export const GOODS_PRICE_MAX = 100_000_000;
export const QUESTION_MAX = 200;
export const REPLY_MAX = 1_000;
/** The welcome word as a TV shows it under the hotel's name. */
export const WELCOME_WORD_MAX = 500;
/**
 * Rows a hotel may hold of each (more is 4409): the whole list goes to every TV in one answer,
 * so it stays bounded (about 120 KB of goods at their longest).
 */
export const GOODS_PER_HOTEL_MAX = 200;
export const QUESTIONS_PER_HOTEL_MAX = 200;
/** The longest search of the goods and questions lists. */
export const GUEST_KEYWORD_MAX = 64;

/**
 * Who manages guest service: the screen's own key (pm_goods, …) or pm_dept, the key SPEC.md
 * says the three screens need (routes.ts lets a holder of either in: the calls do the same).
 */
export const GOODS_KEYS = ['pm_goods', 'pm_dept'] as const;
export const QUESTION_KEYS = ['pm_question', 'pm_dept'] as const;
export const WELCOME_KEYS = ['pm_welcome', 'pm_dept'] as const;

const GoodsTypeSchema = Type.Enum([...GOODS_TYPES]);
const QuestionTypeSchema = Type.Enum([...QUESTION_TYPES]);

export const Goods = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** In stock. */
  number: Type.Integer(),
  type: GoodsTypeSchema,
  /** Minor units (cents): 1250 is 12.50. */
  price: Type.Integer(),
  updated_at: Type.String(),
});
export type Goods = Static<typeof Goods>;

export const Question = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Integer(),
  question: Type.String(),
  reply: Type.String(),
  type: QuestionTypeSchema,
  updated_at: Type.String(),
});
export type Question = Static<typeof Question>;

const Keyword = Type.String({ minLength: 1, maxLength: GUEST_KEYWORD_MAX });

export const GoodsListBody = Type.Object(
  { ...PageQuery, keyword: Type.Optional(Keyword), type: Type.Optional(GoodsTypeSchema), ...HotelTarget },
  { additionalProperties: false },
);
export type GoodsListBody = Static<typeof GoodsListBody>;

const GoodsFields = {
  name: Type.String({ minLength: 1, maxLength: GOODS_NAME_MAX }),
  description: Type.String({ maxLength: GOODS_DESCRIPTION_MAX }),
  number: Type.Integer({ minimum: 0, maximum: GOODS_NUMBER_MAX }),
  type: GoodsTypeSchema,
  price: Type.Integer({ minimum: 0, maximum: GOODS_PRICE_MAX }),
};

/** Names are unique within the hotel (4409). */
export const GoodsAddBody = Type.Object(
  { ...GoodsFields, description: Type.Optional(GoodsFields.description), ...HotelTarget },
  { additionalProperties: false },
);
export type GoodsAddBody = Static<typeof GoodsAddBody>;

export const GoodsUpdateBody = Type.Object(
  {
    id: Id,
    name: Type.Optional(GoodsFields.name),
    description: Type.Optional(GoodsFields.description),
    number: Type.Optional(GoodsFields.number),
    type: Type.Optional(GoodsFields.type),
    price: Type.Optional(GoodsFields.price),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type GoodsUpdateBody = Static<typeof GoodsUpdateBody>;

/** Deletes several rows at once; one that is not the hotel's (or gone already) is 4404 and nothing is deleted. */
export const GuestDeleteBody = Type.Object(
  {
    ids: Type.Array(Id, { minItems: 1, maxItems: ROOMS_BULK_MAX, uniqueItems: true }),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type GuestDeleteBody = Static<typeof GuestDeleteBody>;

export const GuestDeleteResult = Type.Object({ deleted: Type.Integer() });
export type GuestDeleteResult = Static<typeof GuestDeleteResult>;

export const QuestionListBody = Type.Object(
  { ...PageQuery, keyword: Type.Optional(Keyword), type: Type.Optional(QuestionTypeSchema), ...HotelTarget },
  { additionalProperties: false },
);
export type QuestionListBody = Static<typeof QuestionListBody>;

const QuestionFields = {
  question: Type.String({ minLength: 1, maxLength: QUESTION_MAX }),
  reply: Type.String({ minLength: 1, maxLength: REPLY_MAX }),
  type: QuestionTypeSchema,
};

/** Questions are unique within the hotel (4409). */
export const QuestionAddBody = Type.Object({ ...QuestionFields, ...HotelTarget }, { additionalProperties: false });
export type QuestionAddBody = Static<typeof QuestionAddBody>;

export const QuestionUpdateBody = Type.Object(
  {
    id: Id,
    question: Type.Optional(QuestionFields.question),
    reply: Type.Optional(QuestionFields.reply),
    type: Type.Optional(QuestionFields.type),
    ...HotelTarget,
  },
  { additionalProperties: false },
);
export type QuestionUpdateBody = Static<typeof QuestionUpdateBody>;

export const WelcomeBody = Type.Object({ ...HotelTarget }, { additionalProperties: false });
export type WelcomeBody = Static<typeof WelcomeBody>;

export const WelcomeUpdateBody = Type.Object(
  { welcome_word: Type.String({ maxLength: WELCOME_WORD_MAX }), ...HotelTarget },
  { additionalProperties: false },
);
export type WelcomeUpdateBody = Static<typeof WelcomeUpdateBody>;

/** The welcome word with the hotel's name, as the TV frames it. */
export const Welcome = Type.Object({
  hotel_id: Type.Integer(),
  hotel_name: Type.String(),
  welcome_word: Type.String(),
});
export type Welcome = Static<typeof Welcome>;

/** API.md "Guest service for in-room devices": the room's hotel's guest service, at once. */
export const GuestInfo = Type.Object({
  welcome_word: Type.String(),
  goods: Type.Array(
    Type.Object({
      name: Type.String(),
      description: Type.String(),
      number: Type.Integer(),
      type: GoodsTypeSchema,
      price: Type.Integer(),
    }),
  ),
  questions: Type.Array(Type.Object({ question: Type.String(), reply: Type.String(), type: QuestionTypeSchema })),
});
export type GuestInfo = Static<typeof GuestInfo>;

/** A device may ask this often per rcu_id (a burst of GUESTINFO_BURST, then one every this many seconds). */
export const GUESTINFO_INTERVAL_S = 2;
export const GUESTINFO_BURST = 10;

const goodsCall = { access: GOODS_KEYS, hotelScoped: true } as const;
const questionCall = { access: QUESTION_KEYS, hotelScoped: true } as const;

export const guestServiceCalls = defineCalls('guestservice', {
  goodsList: {
    method: 'POST',
    path: '/goodslist',
    ...goodsCall,
    write: false,
    summary: "A page of the hotel's goods, by keyword (name or description) and type",
    body: GoodsListBody,
    response: PageSchema(Goods),
  },
  goodsAdd: {
    method: 'POST',
    path: '/goodsadd',
    ...goodsCall,
    write: true,
    summary: 'Add a good',
    description: `Price in minor units (cents). Names are unique within the hotel (4409); at most ${GOODS_PER_HOTEL_MAX} goods a hotel (4409).`,
    body: GoodsAddBody,
    response: Goods,
  },
  goodsUpdate: {
    method: 'PUT',
    path: '/goodsupdate',
    ...goodsCall,
    write: true,
    summary: 'Change a good',
    body: GoodsUpdateBody,
    response: Goods,
  },
  goodsRemove: {
    method: 'POST',
    path: '/goodsdel',
    ...goodsCall,
    write: true,
    summary: 'Delete goods',
    body: GuestDeleteBody,
    response: GuestDeleteResult,
  },
  questionList: {
    method: 'POST',
    path: '/questionlist',
    ...questionCall,
    write: false,
    summary: "A page of the hotel's questions and answers, by keyword (question or reply) and type",
    body: QuestionListBody,
    response: PageSchema(Question),
  },
  questionAdd: {
    method: 'POST',
    path: '/questionadd',
    ...questionCall,
    write: true,
    summary: 'Add a question and its reply',
    description: `Questions are unique within the hotel (4409); at most ${QUESTIONS_PER_HOTEL_MAX} a hotel (4409).`,
    body: QuestionAddBody,
    response: Question,
  },
  questionUpdate: {
    method: 'PUT',
    path: '/questionupdate',
    ...questionCall,
    write: true,
    summary: 'Change a question or its reply',
    body: QuestionUpdateBody,
    response: Question,
  },
  questionRemove: {
    method: 'POST',
    path: '/questiondel',
    ...questionCall,
    write: true,
    summary: 'Delete questions',
    body: GuestDeleteBody,
    response: GuestDeleteResult,
  },
  welcome: {
    method: 'POST',
    path: '/welcome',
    access: WELCOME_KEYS,
    write: false,
    hotelScoped: true,
    summary: "The hotel's welcome word, with its name",
    body: WelcomeBody,
    response: Welcome,
  },
  welcomeUpdate: {
    method: 'PUT',
    path: '/welcomeupdate',
    access: WELCOME_KEYS,
    write: true,
    hotelScoped: true,
    summary: "Change the hotel's welcome word",
    description: `At most ${WELCOME_WORD_MAX} characters; line breaks are kept.`,
    body: WelcomeUpdateBody,
    response: Welcome,
  },
  guestInfo: {
    method: 'GET',
    path: '/guestinfo',
    access: 'public',
    write: false,
    hotelScoped: false,
    summary:
      "An in-room device (TV, voice assistant) reads its hotel's guest service: HTTP Basic with the room's rcu_id and device key",
    description: `No bearer token: \`Authorization: Basic base64(rcu_id:device_key)\`, the RCU's MQTT credentials. Wrong or missing credentials 4401 (HTTP 401, \`WWW-Authenticate: Basic\`), whichever part was wrong; the hotel's validity over 4410; more than ${GUESTINFO_BURST} calls at once, then one every ${GUESTINFO_INTERVAL_S} s, per rcu_id (or failed attempts per address) 4429 with Retry-After. The answer carries an ETag: sent back as If-None-Match, an unchanged answer is 304 with no body. Prices in minor units (cents); at most ${GOODS_PER_HOTEL_MAX} goods and ${QUESTIONS_PER_HOTEL_MAX} questions.`,
    response: GuestInfo,
  },
});
