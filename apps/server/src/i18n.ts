import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@roompilot/contract';

/**
 * Server messages in every console language. Keys are flat and dotted like the console's; a
 * `{name}` is replaced by the parameter of that name.
 */
const MESSAGES = {
  ok: { zh: '成功', en: 'OK', es: 'Correcto', ja: '成功' },
  'auth.wrongPassword': {
    zh: '密码错误,请重新输入!',
    en: 'Wrong user name or password, please try again!',
    es: 'Usuario o contraseña incorrectos, inténtelo de nuevo.',
    ja: 'ユーザー名またはパスワードが違います。もう一度入力してください。',
  },
  'auth.userDisabled': {
    zh: '该账号已停用,请联系管理员',
    en: 'This account is disabled; please contact your administrator.',
    es: 'Esta cuenta está desactivada; contacte con su administrador.',
    ja: 'このアカウントは無効です。管理者に連絡してください。',
  },
  'auth.tooManyFailures': {
    zh: '登录失败次数过多,请 {seconds} 秒后再试',
    en: 'Too many failed logins; try again in {seconds} s.',
    es: 'Demasiados intentos fallidos; inténtelo de nuevo en {seconds} s.',
    ja: 'ログインの失敗が多すぎます。{seconds} 秒後にもう一度お試しください。',
  },
  'auth.hotelExpired': {
    zh: '酒店有效期已过({validdate}),请联系平台管理员续期',
    en: "Your hotel's validity period ended on {validdate}; please ask the platform administrator to extend it.",
    es: 'El período de validez de su hotel terminó el {validdate}; pida al administrador de la plataforma que lo amplíe.',
    ja: 'ホテルの有効期限({validdate})が切れています。プラットフォーム管理者に延長を依頼してください。',
  },
  'auth.unauthenticated': {
    zh: '登录已失效,请重新登录',
    en: 'You are not logged in or your session has expired; please log in again.',
    es: 'No ha iniciado sesión o su sesión ha caducado; vuelva a iniciar sesión.',
    ja: 'ログインしていないか、セッションの有効期限が切れました。もう一度ログインしてください。',
  },
  'auth.sessionEnded.logout': {
    zh: '您已退出登录,请重新登录',
    en: 'This session was logged out; please log in again.',
    es: 'Esta sesión se cerró; vuelva a iniciar sesión.',
    ja: 'このセッションはログアウトされました。もう一度ログインしてください。',
  },
  'auth.sessionEnded.password': {
    zh: '密码已修改,请重新登录',
    en: 'The password was changed; please log in again.',
    es: 'La contraseña ha cambiado; vuelva a iniciar sesión.',
    ja: 'パスワードが変更されました。もう一度ログインしてください。',
  },
  'auth.sessionEnded.disabled': {
    zh: '该账号已停用,会话已结束',
    en: 'This account was disabled; the session has ended.',
    es: 'Esta cuenta fue desactivada; la sesión ha terminado.',
    ja: 'このアカウントは無効化され、セッションは終了しました。',
  },
  'auth.oldPasswordWrong': {
    zh: '原密码错误',
    en: 'The old password is wrong.',
    es: 'La contraseña anterior es incorrecta.',
    ja: '現在のパスワードが違います。',
  },
  'auth.passwordMismatch': {
    zh: '两次输入密码不一致!',
    en: 'The two passwords do not match!',
    es: '¡Las dos contraseñas no coinciden!',
    ja: '2 つのパスワードが一致しません!',
  },
  'auth.passwordUnchanged': {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the old one.',
    es: 'La nueva contraseña debe ser distinta de la anterior.',
    ja: '新しいパスワードは現在のものと異なる必要があります。',
  },
  'error.invalid': {
    zh: '参数错误: {detail}',
    en: 'Invalid input: {detail}',
    es: 'Datos no válidos: {detail}',
    ja: '入力が正しくありません: {detail}',
  },
  'error.malformedJson': {
    zh: '请求内容不是有效的 JSON',
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la petición no es JSON válido.',
    ja: 'リクエスト本文が正しい JSON ではありません。',
  },
  'error.contentType': {
    zh: '不支持的内容类型 {type},请使用 application/json',
    en: 'Unsupported content type {type}; send application/json.',
    es: 'Tipo de contenido {type} no admitido; envíe application/json.',
    ja: 'コンテンツタイプ {type} はサポートされていません。application/json を送信してください。',
  },
  'error.forbidden': {
    zh: '没有权限执行此操作',
    en: 'You do not have permission to do this.',
    es: 'No tiene permiso para hacer esto.',
    ja: 'この操作を行う権限がありません。',
  },
  'error.visitorReadOnly': {
    zh: '访客只能查看,不能修改',
    en: 'Visitors may look but not change anything.',
    es: 'Los visitantes pueden consultar pero no modificar nada.',
    ja: 'ビジターは閲覧のみ可能で、変更はできません。',
  },
  'error.adminOnly': {
    zh: '只有平台管理员可以执行此操作',
    en: 'Only the platform Administrator may do this.',
    es: 'Solo el Administrador de la plataforma puede hacer esto.',
    ja: 'この操作はプラットフォーム管理者のみが行えます。',
  },
  'error.notFound': {
    zh: '要操作的数据不存在',
    en: 'The requested item does not exist.',
    es: 'El elemento solicitado no existe.',
    ja: '対象のデータが存在しません。',
  },
  'error.routeNotFound': {
    zh: '接口不存在: {method} {url}',
    en: 'No such call: {method} {url}',
    es: 'No existe la llamada: {method} {url}',
    ja: 'そのような API はありません: {method} {url}',
  },
  'error.tooLarge': {
    zh: '请求内容过大(上限 {limit} 字节)',
    en: 'The request is too large (limit {limit} bytes).',
    es: 'La petición es demasiado grande (límite {limit} bytes).',
    ja: 'リクエストが大きすぎます(上限 {limit} バイト)。',
  },
  'error.tooManyRequests': {
    zh: '请求过于频繁,请稍后再试',
    en: 'Too many requests; please try again later.',
    es: 'Demasiadas peticiones; inténtelo más tarde.',
    ja: 'リクエストが多すぎます。しばらくしてからお試しください。',
  },
  'error.internal': {
    zh: '服务器内部错误,请稍后重试(请求编号 {requestId})',
    en: 'Internal server error; please try again later (request {requestId}).',
    es: 'Error interno del servidor; inténtelo más tarde (petición {requestId}).',
    ja: 'サーバー内部エラーです。しばらくしてからお試しください(リクエスト {requestId})。',
  },
  'hotel.required': {
    zh: '请指定酒店 (hotel_id)',
    en: 'Choose a hotel (hotel_id).',
    es: 'Elija un hotel (hotel_id).',
    ja: 'ホテル (hotel_id) を指定してください。',
  },
  'hotel.notFound': {
    zh: '酒店不存在',
    en: 'The hotel does not exist.',
    es: 'El hotel no existe.',
    ja: 'ホテルが存在しません。',
  },
  'roles.notFound': {
    zh: '角色不存在',
    en: 'The role does not exist.',
    es: 'El rol no existe.',
    ja: 'ロールが存在しません。',
  },
  'roles.nameTaken': {
    zh: '角色名称已存在',
    en: 'A role with this name already exists.',
    es: 'Ya existe un rol con este nombre.',
    ja: '同じ名前のロールが既に存在します。',
  },
  'roles.inUse': {
    zh: '该角色仍有用户在使用,不能删除',
    en: 'Users still hold this role; it cannot be deleted.',
    es: 'Hay usuarios con este rol; no se puede eliminar.',
    ja: 'このロールを持つユーザーがいるため削除できません。',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

/** The caller's language from `Accept-Language` (highest q first); Chinese when none matches. */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = LANGUAGES.find((candidate) => tag === candidate || tag.startsWith(`${candidate}-`));
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

export function translate(language: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

const VALIDATION: Record<string, Record<Language, string>> = {
  required: { zh: '必填', en: 'is required', es: 'es obligatorio', ja: '必須です' },
  additionalProperties: {
    zh: '是未知字段',
    en: 'is not an allowed field',
    es: 'no es un campo permitido',
    ja: '許可されていない項目です',
  },
  type: { zh: '类型应为 {type}', en: 'must be {type}', es: 'debe ser {type}', ja: '{type} である必要があります' },
  maxLength: {
    zh: '不能超过 {limit} 个字符',
    en: 'must NOT have more than {limit} characters',
    es: 'no debe tener más de {limit} caracteres',
    ja: '{limit} 文字以内である必要があります',
  },
  minLength: {
    zh: '不能少于 {limit} 个字符',
    en: 'must NOT have fewer than {limit} characters',
    es: 'no debe tener menos de {limit} caracteres',
    ja: '{limit} 文字以上である必要があります',
  },
  maximum: {
    zh: '不能大于 {limit}',
    en: 'must be <= {limit}',
    es: 'debe ser <= {limit}',
    ja: '{limit} 以下である必要があります',
  },
  minimum: {
    zh: '不能小于 {limit}',
    en: 'must be >= {limit}',
    es: 'debe ser >= {limit}',
    ja: '{limit} 以上である必要があります',
  },
  maxItems: {
    zh: '不能超过 {limit} 项',
    en: 'must NOT have more than {limit} items',
    es: 'no debe tener más de {limit} elementos',
    ja: '{limit} 件以内である必要があります',
  },
  uniqueItems: {
    zh: '不能有重复项',
    en: 'must NOT have duplicate items',
    es: 'no debe tener elementos repetidos',
    ja: '重複があってはいけません',
  },
  enum: {
    zh: '取值应为 {allowed} 之一',
    en: 'must be one of {allowed}',
    es: 'debe ser uno de {allowed}',
    ja: '{allowed} のいずれかである必要があります',
  },
  format: {
    zh: '格式应为 {format}',
    en: 'must be a {format}',
    es: 'debe tener formato {format}',
    ja: '{format} 形式である必要があります',
  },
};

export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/**
 * One validation failure made human: the field first (`user_name: must NOT have more than 64
 * characters`), in the caller's language where the rule is a common one.
 */
export function describeValidation(language: Language, issue: ValidationIssue, part = 'body'): string {
  const pointer = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
  const missing = issue.params.missingProperty ?? issue.params.additionalProperty;
  if (typeof missing === 'string') pointer.push(missing);
  const field = pointer.length > 0 ? pointer.join('.') : part;
  const template = VALIDATION[issue.keyword]?.[language];
  const params: Record<string, string> = {
    type: String(issue.params.type ?? ''),
    limit: String(issue.params.limit ?? ''),
    format: String(issue.params.format ?? ''),
    allowed: Array.isArray(issue.params.allowedValues) ? issue.params.allowedValues.join(', ') : '',
  };
  const text = template
    ? template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '')
    : (issue.message ?? 'is invalid');
  return `${field}: ${text}`;
}
