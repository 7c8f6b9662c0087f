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
  'live.deviceTimeout': {
    zh: '房间 {room} 的RCU在 {seconds} 秒内没有应答(离线或无响应)',
    en: 'The RCU of room {room} did not answer within {seconds} s (offline or not responding).',
    es: 'La RCU de la habitación {room} no respondió en {seconds} s (desconectada o sin respuesta).',
    ja: '部屋 {room} のRCUが {seconds} 秒以内に応答しませんでした(オフラインまたは無応答)。',
  },
  'live.deviceOffline': {
    zh: '房间 {room} 的RCU离线,命令未发送',
    en: 'The RCU of room {room} is offline; the command was not sent.',
    es: 'La RCU de la habitación {room} está desconectada; la orden no se envió.',
    ja: '部屋 {room} のRCUはオフラインです。コマンドは送信されませんでした。',
  },
  'live.deviceRefused': {
    zh: '房间 {room} 的RCU拒绝了命令:{reason}',
    en: 'The RCU of room {room} refused the command: {reason}',
    es: 'La RCU de la habitación {room} rechazó la orden: {reason}',
    ja: '部屋 {room} のRCUがコマンドを拒否しました:{reason}',
  },
  'live.gatewayDown': {
    zh: '设备网关未运行,无法发送命令',
    en: 'The device gateway is not running; the command could not be sent.',
    es: 'La pasarela de dispositivos no está en marcha; no se pudo enviar la orden.',
    ja: 'デバイスゲートウェイが動作していないため、コマンドを送信できませんでした。',
  },
  'live.roomNotFound': {
    zh: '房间不存在',
    en: 'No such room.',
    es: 'La habitación no existe.',
    ja: '部屋が存在しません。',
  },
  'live.alertNotFound': {
    zh: '告警不存在',
    en: 'No such alert.',
    es: 'La alerta no existe.',
    ja: 'アラートが存在しません。',
  },
  'live.notWebSocket': {
    zh: '此地址只接受 WebSocket 连接',
    en: 'This address only takes WebSocket connections.',
    es: 'Esta dirección solo acepta conexiones WebSocket.',
    ja: 'このアドレスは WebSocket 接続のみ受け付けます。',
  },
  'live.socketFirstMessage': {
    zh: '第一条消息必须是 {"token":"…"}',
    en: 'The first message must be {"token":"…"}.',
    es: 'El primer mensaje debe ser {"token":"…"}.',
    ja: '最初のメッセージは {"token":"…"} である必要があります。',
  },
  'live.socketAuthTimeout': {
    zh: '{seconds} 秒内未收到令牌,连接已关闭',
    en: 'No token within {seconds} s; the connection is closed.',
    es: 'No llegó ningún token en {seconds} s; la conexión se ha cerrado.',
    ja: '{seconds} 秒以内にトークンが届かなかったため、接続を閉じました。',
  },
  'live.noRoomsChosen': {
    zh: '请选择房间:room_ids、floor_num、room_type_id 或 building_id',
    en: 'Choose the rooms: room_ids, floor_num, room_type_id or building_id.',
    es: 'Elija las habitaciones: room_ids, floor_num, room_type_id o building_id.',
    ja: '部屋を指定してください:room_ids、floor_num、room_type_id または building_id。',
  },
  'live.noAirConditioner': {
    zh: '房间 {room} 没有空调',
    en: 'Room {room} has no air conditioner.',
    es: 'La habitación {room} no tiene aire acondicionado.',
    ja: '部屋 {room} にはエアコンがありません。',
  },
  'alerts.sos': {
    zh: 'SOS 紧急呼叫{detail}',
    en: 'SOS emergency call{detail}',
    es: 'Llamada de emergencia SOS{detail}',
    ja: 'SOS 緊急呼び出し{detail}',
  },
  'alerts.fault': {
    zh: '设备故障{detail}',
    en: 'Device fault{detail}',
    es: 'Avería de un dispositivo{detail}',
    ja: 'デバイスの故障{detail}',
  },
  'alerts.door_open_long': {
    zh: '房门打开已超过 {minutes} 分钟',
    en: 'Door open for more than {minutes} min',
    es: 'Puerta abierta durante más de {minutes} min',
    ja: 'ドアが {minutes} 分以上開いています',
  },
  'alerts.rcu_offline': {
    zh: 'RCU 离线已超过 {minutes} 分钟',
    en: 'RCU offline for more than {minutes} min',
    es: 'RCU desconectada durante más de {minutes} min',
    ja: 'RCU が {minutes} 分以上オフラインです',
  },
  'alerts.rcu_offline_now': {
    zh: 'RCU 离线',
    en: 'RCU offline',
    es: 'RCU desconectada',
    ja: 'RCU がオフラインです',
  },
  'alerts.window_open_ac_on': {
    zh: '空调运行时窗户打开',
    en: 'Window open while the air conditioning runs',
    es: 'Ventana abierta con el aire acondicionado en marcha',
    ja: 'エアコン運転中に窓が開いています',
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
  'hotels.nameTaken': {
    zh: '酒店名称已存在',
    en: 'A hotel with this name already exists.',
    es: 'Ya existe un hotel con este nombre.',
    ja: '同じ名前のホテルが既に存在します。',
  },
  'hotels.hasRooms': {
    zh: '该酒店还有房间,不能删除;确认强制删除将同时删除其全部房间、房型、楼栋、用户和角色',
    en: 'This hotel still has rooms; it cannot be deleted unless you confirm a forced delete, which also deletes its rooms, room types, buildings, users and roles.',
    es: 'Este hotel aún tiene habitaciones; no se puede eliminar salvo que confirme un borrado forzado, que elimina también sus habitaciones, tipos, edificios, usuarios y roles.',
    ja: 'このホテルにはまだ客室があるため削除できません。強制削除を確認すると、客室・客室タイプ・建物・ユーザー・ロールもすべて削除されます。',
  },
  'users.nameTaken': {
    zh: '用户名已存在',
    en: 'This user name is already taken.',
    es: 'Este nombre de usuario ya existe.',
    ja: 'このユーザー名は既に使われています。',
  },
  'buildings.notFound': {
    zh: '楼栋不存在',
    en: 'The building does not exist.',
    es: 'El edificio no existe.',
    ja: '建物が存在しません。',
  },
  'buildings.nameTaken': {
    zh: '楼栋名称已存在',
    en: 'A building with this name already exists.',
    es: 'Ya existe un edificio con este nombre.',
    ja: '同じ名前の建物が既に存在します。',
  },
  'buildings.inUse': {
    zh: '该楼栋还有房间,不能删除',
    en: 'This building still has rooms; it cannot be deleted.',
    es: 'Este edificio aún tiene habitaciones; no se puede eliminar.',
    ja: 'この建物にはまだ客室があるため削除できません。',
  },
  'buildings.floorsInUse': {
    zh: '新的楼层范围之外还有房间,请先移动或删除这些房间',
    en: 'Rooms lie on floors outside the new range; move or delete them first.',
    es: 'Hay habitaciones en plantas fuera del nuevo rango; muévalas o elimínelas primero.',
    ja: '新しい階の範囲外に客室があります。先に移動または削除してください。',
  },
  'buildings.floorRange': {
    zh: '起始楼层 {from} 不能高于结束楼层 {to}',
    en: 'floor_from {from} must not be above floor_to {to}.',
    es: 'floor_from {from} no puede ser mayor que floor_to {to}.',
    ja: '開始階 {from} は終了階 {to} 以下である必要があります。',
  },
  'roomtypes.notFound': {
    zh: '房型不存在',
    en: 'The room type does not exist.',
    es: 'El tipo de habitación no existe.',
    ja: '客室タイプが存在しません。',
  },
  'roomtypes.nameTaken': {
    zh: '房型名称已存在',
    en: 'A room type with this name already exists.',
    es: 'Ya existe un tipo de habitación con este nombre.',
    ja: '同じ名前の客室タイプが既に存在します。',
  },
  'roomtypes.inUse': {
    zh: '该房型仍有房间在使用,不能删除',
    en: 'Rooms still use this room type; it cannot be deleted.',
    es: 'Hay habitaciones de este tipo; no se puede eliminar.',
    ja: 'この客室タイプを使っている客室があるため削除できません。',
  },
  'roomtypes.devicePrefix': {
    zh: '设备 {key} 的编号应以 {prefix} 开头(类型 {kind})',
    en: 'devices[{index}].key: {key} must start with {prefix} for kind {kind}.',
    es: 'devices[{index}].key: {key} debe empezar por {prefix} para el tipo {kind}.',
    ja: 'devices[{index}].key: 種類 {kind} の {key} は {prefix} で始まる必要があります。',
  },
  'roomtypes.deviceDuplicate': {
    zh: '设备编号 {key} 重复',
    en: 'devices[{index}].key: {key} appears twice.',
    es: 'devices[{index}].key: {key} está repetida.',
    ja: 'devices[{index}].key: {key} が重複しています。',
  },
  'roomtypes.setpointOrder': {
    zh: '设备 {key} 的温度默认值应满足 最低 ≤ 设定 ≤ 最高',
    en: 'devices[{index}].defaults: {key} needs set_min ≤ set ≤ set_max.',
    es: 'devices[{index}].defaults: {key} necesita set_min ≤ set ≤ set_max.',
    ja: 'devices[{index}].defaults: {key} は set_min ≤ set ≤ set_max である必要があります。',
  },
  'roomtypes.setpointKind': {
    zh: '只有空调和地暖可以设置温度默认值({key})',
    en: 'devices[{index}].defaults: only air conditioners and floor heating take setpoint defaults ({key}).',
    es: 'devices[{index}].defaults: solo el aire acondicionado y la calefacción por suelo admiten valores de consigna ({key}).',
    ja: 'devices[{index}].defaults: 設定温度の既定値はエアコンと床暖房のみ指定できます({key})。',
  },
  'rooms.notFound': {
    zh: '房间不存在',
    en: 'The room does not exist.',
    es: 'La habitación no existe.',
    ja: '客室が存在しません。',
  },
  'rooms.roomTypeNotFound': {
    zh: 'room_type_id: 房型 {id} 不存在',
    en: 'room_type_id: room type {id} does not exist in this hotel.',
    es: 'room_type_id: el tipo de habitación {id} no existe en este hotel.',
    ja: 'room_type_id: 客室タイプ {id} はこのホテルに存在しません。',
  },
  'rooms.numTaken': {
    zh: '房间号 {room_num} 已存在',
    en: 'Room number {room_num} already exists.',
    es: 'El número de habitación {room_num} ya existe.',
    ja: '部屋番号 {room_num} は既に存在します。',
  },
  'rooms.rcuTaken': {
    zh: 'RCU 编号 {rcu_id} 已被使用',
    en: 'rcu_id {rcu_id} is already in use.',
    es: 'El rcu_id {rcu_id} ya está en uso.',
    ja: 'rcu_id {rcu_id} は既に使われています。',
  },
  'rooms.badMac': {
    zh: 'mac: MAC 地址应为 12 位十六进制数字',
    en: 'mac: a MAC address is 12 hex digits.',
    es: 'mac: una dirección MAC tiene 12 dígitos hexadecimales.',
    ja: 'mac: MAC アドレスは 16 進数 12 桁です。',
  },
  'rooms.floorOutOfRange': {
    zh: '楼层 {floor} 不在楼栋 {building} 的楼层范围 {from}..{to} 内',
    en: 'Floor {floor} is outside the floors {from}..{to} of building {building}.',
    es: 'La planta {floor} está fuera de las plantas {from}..{to} del edificio {building}.',
    ja: '{floor} 階は建物 {building} の階の範囲 {from}..{to} の外です。',
  },
  'rooms.bulkLimit': {
    zh: '一次最多添加 {max} 个房间',
    en: 'At most {max} rooms at once.',
    es: 'Como máximo {max} habitaciones a la vez.',
    ja: '一度に追加できる客室は最大 {max} 件です。',
  },
  'rooms.bulkRange': {
    zh: '楼层和房间的起始值不能大于结束值',
    en: 'floors and rooms: from must not be above to.',
    es: 'floors y rooms: el inicio no puede ser mayor que el final.',
    ja: 'floors と rooms: 開始は終了以下である必要があります。',
  },
  'rooms.badPattern': {
    zh: 'pattern: 房间号格式 {pattern} 必须同时包含 {floor} 和 {room}',
    en: 'pattern: {pattern} must contain both {floor} and {room}.',
    es: 'pattern: {pattern} debe contener {floor} y {room}.',
    ja: 'pattern: {pattern} には {floor} と {room} の両方が必要です。',
  },
  'rooms.patternGivesBadNumber': {
    zh: 'pattern: 生成的房间号 {room_num} 无效(1–16 位字母、数字或 -)',
    en: 'pattern: it gives the room number {room_num}, which is not 1–16 letters, digits or -.',
    es: 'pattern: genera el número {room_num}, que no tiene 1–16 letras, dígitos o -.',
    ja: 'pattern: 生成される部屋番号 {room_num} は 1〜16 文字の英数字または - ではありません。',
  },
  'rooms.patternRepeats': {
    zh: 'pattern: 生成的房间号 {room_num} 重复,请为楼层或房间加上位数,例如 {floor:2}{room:2}',
    en: 'pattern: it gives the room number {room_num} twice; pad floor or room, e.g. {floor:2}{room:2}.',
    es: 'pattern: genera el número {room_num} dos veces; rellene planta o habitación, p. ej. {floor:2}{room:2}.',
    ja: 'pattern: 部屋番号 {room_num} が重複します。{floor:2}{room:2} のように桁数を指定してください。',
  },
  'rooms.importErrors': {
    zh: '{count} 行有错误,未导入任何房间',
    en: '{count} rows have errors; nothing was imported.',
    es: '{count} filas tienen errores; no se importó nada.',
    ja: '{count} 行にエラーがあるため、何もインポートされませんでした。',
  },
  'rooms.importTooLarge': {
    zh: '导入文件过大(上限 {limit} 字节)',
    en: 'The import file is too large (limit {limit} bytes).',
    es: 'El archivo es demasiado grande (límite {limit} bytes).',
    ja: 'インポートファイルが大きすぎます(上限 {limit} バイト)。',
  },
  'rooms.importTooManyRows': {
    zh: '一次最多导入 {max} 行',
    en: 'At most {max} rows per import.',
    es: 'Como máximo {max} filas por importación.',
    ja: '一度にインポートできるのは最大 {max} 行です。',
  },
  'rooms.importUnreadable': {
    zh: '无法读取文件,请上传 CSV(UTF-8)或 Excel(.xlsx)文件',
    en: 'The file cannot be read; upload a CSV (UTF-8) or Excel (.xlsx) file.',
    es: 'No se puede leer el archivo; suba un CSV (UTF-8) o un Excel (.xlsx).',
    ja: 'ファイルを読み込めません。CSV(UTF-8)または Excel(.xlsx)ファイルをアップロードしてください。',
  },
  'rooms.importNoFile': {
    zh: '请在字段 file 中上传一个文件',
    en: 'Upload one file in the field "file".',
    es: 'Suba un archivo en el campo "file".',
    ja: 'フィールド file にファイルを 1 つアップロードしてください。',
  },
  'rooms.importNotMultipart': {
    zh: '导入需使用 multipart/form-data 上传文件',
    en: 'An import is a multipart/form-data upload.',
    es: 'Una importación es una subida multipart/form-data.',
    ja: 'インポートは multipart/form-data でアップロードしてください。',
  },
  'rooms.importEmpty': {
    zh: '文件中没有房间数据',
    en: 'The file has no room rows.',
    es: 'El archivo no tiene filas de habitaciones.',
    ja: 'ファイルに客室の行がありません。',
  },
  'import.missingColumn': {
    zh: '缺少列 {column}',
    en: 'Column {column} is missing.',
    es: 'Falta la columna {column}.',
    ja: '列 {column} がありません。',
  },
  'import.required': {
    zh: '必填',
    en: 'is required',
    es: 'es obligatorio',
    ja: '必須です',
  },
  'import.badRoomNum': {
    zh: '房间号应为 1–16 位字母、数字或 -',
    en: 'must be 1–16 letters, digits or -',
    es: 'debe tener 1–16 letras, dígitos o -',
    ja: '1〜16 文字の英数字または - である必要があります',
  },
  'import.roomNumTaken': {
    zh: '房间号 {value} 已存在',
    en: 'room number {value} already exists',
    es: 'el número {value} ya existe',
    ja: '部屋番号 {value} は既に存在します',
  },
  'import.repeated': {
    zh: '与第 {other} 行重复',
    en: 'repeats line {other}',
    es: 'repite la línea {other}',
    ja: '{other} 行目と重複しています',
  },
  'import.unknownBuilding': {
    zh: '楼栋 {value} 不存在',
    en: 'no building named {value}',
    es: 'no hay ningún edificio {value}',
    ja: '建物 {value} は存在しません',
  },
  'import.badFloor': {
    zh: '楼层应为 {min} 到 {max} 之间的整数',
    en: 'must be a whole number from {min} to {max}',
    es: 'debe ser un número entero de {min} a {max}',
    ja: '{min} から {max} の整数である必要があります',
  },
  'import.floorOutOfRange': {
    zh: '不在楼栋 {building} 的楼层范围 {from}..{to} 内',
    en: 'is outside the floors {from}..{to} of building {building}',
    es: 'está fuera de las plantas {from}..{to} del edificio {building}',
    ja: '建物 {building} の階の範囲 {from}..{to} の外です',
  },
  'import.unknownRoomType': {
    zh: '房型 {value} 不存在',
    en: 'no room type named {value}',
    es: 'no hay ningún tipo de habitación {value}',
    ja: '客室タイプ {value} は存在しません',
  },
  'import.badRcuId': {
    zh: 'RCU 编号应为 1–32 位字母或数字',
    en: 'must be 1–32 letters or digits',
    es: 'debe tener 1–32 letras o dígitos',
    ja: '1〜32 文字の英数字である必要があります',
  },
  'import.rcuTaken': {
    zh: 'RCU 编号 {value} 已被使用',
    en: 'rcu_id {value} is already in use',
    es: 'el rcu_id {value} ya está en uso',
    ja: 'rcu_id {value} は既に使われています',
  },
  'import.badMac': {
    zh: 'MAC 地址应为 12 位十六进制数字',
    en: 'must be 12 hex digits',
    es: 'debe tener 12 dígitos hexadecimales',
    ja: '16 進数 12 桁である必要があります',
  },
  'import.tooLong': {
    zh: '不能超过 {max} 个字符',
    en: 'must NOT have more than {max} characters',
    es: 'no debe tener más de {max} caracteres',
    ja: '{max} 文字以内である必要があります',
  },
  'import.badDate': {
    zh: '日期格式应为 YYYY-MM-DD',
    en: 'must be a date YYYY-MM-DD',
    es: 'debe ser una fecha AAAA-MM-DD',
    ja: 'YYYY-MM-DD 形式の日付である必要があります',
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
