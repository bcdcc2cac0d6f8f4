// The playground page: act as a fake user against the bot through the emulator.
// Everything comes from GET /_pg/state (long-polled) and goes out through POST /_pg/*.
"use strict";

const OPTION = {
  SUB: 1, GROUP: 2, STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6,
  CHANNEL: 7, ROLE: 8, MENTIONABLE: 9, NUMBER: 10, ATTACHMENT: 11,
};
const CALLBACK_NAMES = {
  4: "replied", 5: "deferred (thinking…)", 6: "acknowledged", 7: "updated the message",
  8: "suggested", 9: "opened a form",
};

const ui = {
  user: localStorage.getItem("pg.user"),
  channel: localStorage.getItem("pg.channel"),
  state: null,
  version: null,
  poll: null,
  keys: { users: "", channels: "", commands: "", messages: "" },
  modalFor: null,
};

const $ = (id) => document.getElementById(id);

// -- tiny DOM helper -----------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function post(path, body) {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ user: ui.user, channel: ui.channel, ...body }),
    });
    return await response.json();
  } catch (err) {
    return { error: `request failed: ${err}` };
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// -- state polling -------------------------------------------------------------------

function reload() {
  if (ui.poll) ui.poll.abort();
}

async function fetchState(wait) {
  const controller = new AbortController();
  ui.poll = controller;
  const params = new URLSearchParams();
  if (ui.user) params.set("user", ui.user);
  if (ui.channel) params.set("channel", ui.channel);
  if (wait && ui.version !== null) params.set("after", ui.version);
  const response = await fetch(`/_pg/state?${params}`, { signal: controller.signal });
  if (response.status === 400) {
    // A user or channel remembered from an earlier run: start from the defaults.
    ui.user = ui.channel = null;
    return false;
  }
  render(await response.json());
  return true;
}

async function pollLoop() {
  let wait = false;
  for (;;) {
    try {
      wait = await fetchState(wait);
    } catch (err) {
      wait = false;
      if (err.name === "AbortError") continue;
      setStatus(false, "emulator unreachable");
      await sleep(1000);
    }
  }
}

// -- rendering -----------------------------------------------------------------------

function changed(part, value) {
  const key = JSON.stringify(value);
  if (ui.keys[part] === key) return false;
  ui.keys[part] = key;
  return true;
}

function setStatus(ok, text) {
  const status = $("status");
  status.textContent = text;
  status.className = `status ${ok ? "ok" : "down"}`;
}

function render(state) {
  ui.state = state;
  ui.version = state.version;
  ui.user = state.user;
  ui.channel = state.channel;
  localStorage.setItem("pg.user", ui.user);
  localStorage.setItem("pg.channel", ui.channel);
  setStatus(state.connected, state.connected ? `${state.bot.name} is connected` : "bot not connected");
  if (changed("users", [state.users, state.user])) renderUsers(state);
  if (changed("channels", [state.channels, state.channel])) renderChannels(state);
  if (changed("commands", [state.commands, state.user])) renderCommands(state);
  if (changed("messages", [state.messages, state.channel, state.user])) renderLog(state);
}

function renderUsers(state) {
  const select = $("user");
  select.replaceChildren(
    ...state.users.map((u) =>
      el("option", { value: u.id, selected: u.id === state.user },
        u.name + (u.moderator ? " (moderator)" : ""))),
  );
}

function channelLabel(channel) {
  if (channel.type === 1) return `@ ${channel.name}`;
  if (channel.type === 11 || channel.type === 12) {
    return `${channel.type === 12 ? "🔒" : "🧵"} ${channel.name}`;
  }
  return `# ${channel.name}`;
}

function renderChannels(state) {
  const items = [];
  const byParent = (id) => state.channels.filter((c) => c.parent_id === id);
  const entry = (channel, cls) =>
    el("li", { class: cls },
      el("button", {
        type: "button",
        class: channel.id === state.channel ? "current" : "",
        onclick: () => switchChannel(channel.id),
      }, channelLabel(channel)));
  for (const channel of state.channels.filter((c) => c.type === 0)) {
    items.push(entry(channel, "text"));
    for (const thread of byParent(channel.id)) items.push(entry(thread, "thread"));
  }
  for (const dm of state.channels.filter((c) => c.type === 1)) items.push(entry(dm, "dm"));
  $("channels").replaceChildren(...items);
  const current = state.channels.find((c) => c.id === state.channel);
  $("channel-title").textContent = current ? channelLabel(current) : "";
}

function switchChannel(id) {
  ui.channel = id;
  ui.openedAt = null; // the next log drawn is a newly opened channel: show its latest post
  reload();
}

// -- message log ---------------------------------------------------------------------

function renderLog(state) {
  const log = $("log");
  // A channel just opened starts at its latest post, as Discord's does; one being read stays
  // where the reader is unless they were at the bottom already.
  const opened = ui.openedAt !== state.channel;
  const atBottom = opened || log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  ui.openedAt = state.channel;
  log.replaceChildren(...state.messages.map(renderMessage));
  if (!state.messages.length) log.append(el("li", { class: "help", text: "No messages yet." }));
  if (atBottom) {
    log.scrollTop = log.scrollHeight;
    // Pictures load after the text: stay at the bottom when they add their height.
    for (const img of log.querySelectorAll("img")) {
      if (!img.complete) img.addEventListener("load", () => { log.scrollTop = log.scrollHeight; }, { once: true });
    }
  }
}

function renderMessage(message) {
  const usedUrls = new Set();
  for (const embed of message.embeds) {
    for (const part of [embed.image, embed.thumbnail]) if (part && part.url) usedUrls.add(part.url);
  }
  const time = new Date(message.time).toLocaleTimeString();
  return el("li", { class: `msg${message.ephemeral ? " ephemeral" : ""}`, "data-id": message.id },
    el("div", { class: "head" },
      el("span", { class: "author", text: message.author.name }),
      message.author.bot && el("span", { class: "tag", text: "APP" }),
      el("span", { class: "time", text: time }),
      message.edited && el("span", { class: "note", text: "(edited)" }),
      message.ephemeral && el("span", { class: "note", text: "👁 Only you can see this" })),
    message.loading && el("div", { class: "loading", text: `${message.author.name} is thinking…` }),
    message.content && el("div", { class: "content" }, markdown(message.content)),
    message.embeds.map(renderEmbed),
    message.attachments.filter((a) => !usedUrls.has(a.url)).map(renderAttachment),
    message.components.length > 0 &&
      el("div", { class: "components" }, message.components.map((c) => renderComponent(c, message))),
    message.thread && el("button", {
      type: "button", class: "thread-link", onclick: () => switchChannel(message.thread.id),
    }, `🧵 ${message.thread.name} →`),
  );
}

function renderAttachment(attachment) {
  if (attachment.image) {
    return el("a", { href: attachment.url, target: "_blank", rel: "noopener" },
      el("img", { class: "attachment", src: attachment.url, alt: attachment.description || attachment.filename }));
  }
  return el("div", {}, el("a", { href: attachment.url, target: "_blank", rel: "noopener" }, `📎 ${attachment.filename}`));
}

function colour(value) {
  return value === undefined || value === null ? null : `#${value.toString(16).padStart(6, "0")}`;
}

function renderEmbed(embed) {
  const node = el("div", { class: "embed" });
  const accent = colour(embed.color);
  if (accent) node.style.borderLeftColor = accent;
  if (embed.thumbnail && embed.thumbnail.url) node.append(el("img", { class: "e-thumb", src: embed.thumbnail.url, alt: "" }));
  if (embed.author && embed.author.name) node.append(el("div", { class: "e-author", text: embed.author.name }));
  if (embed.title) node.append(el("div", { class: "e-title" }, markdown(embed.title)));
  if (embed.description) node.append(el("div", { class: "e-desc" }, markdown(embed.description)));
  if (embed.fields && embed.fields.length) {
    node.append(el("div", { class: "fields" }, embed.fields.map((field) =>
      el("div", { class: `field${field.inline ? " inline" : ""}` },
        el("div", { class: "name" }, markdown(field.name)),
        el("div", { class: "value" }, markdown(field.value))))));
  }
  if (embed.image && embed.image.url) node.append(el("img", { class: "e-image", src: embed.image.url, alt: "" }));
  if (embed.footer && embed.footer.text) node.append(el("div", { class: "e-footer", text: embed.footer.text }));
  return node;
}

const MARKDOWN = /(`[^`]+`|\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|~~[^~]+~~|<@!?\d+>|<@&\d+>|<#\d+>|<t:-?\d+(?::[tTdDfFR])?>)/g;

function markdown(text) {
  // Discord's subtext: a line starting with "-# " is small and muted.
  const lines = String(text).split("\n");
  if (lines.some((line) => line.startsWith("-# "))) {
    const nodes = [];
    lines.forEach((line, i) => {
      if (i) nodes.push("\n");
      if (line.startsWith("-# ")) nodes.push(el("small", { class: "subtext" }, inline(line.slice(3))));
      else nodes.push(...inline(line));
    });
    return nodes;
  }
  return inline(text);
}

function inline(text) {
  const nodes = [];
  for (const part of String(text).split(MARKDOWN)) {
    if (!part) continue;
    if (part.startsWith("`")) nodes.push(el("code", { text: part.slice(1, -1) }));
    // Bold, underlined and struck text may hold mentions and code: their inside is markdown too.
    else if (part.startsWith("**")) nodes.push(el("strong", {}, inline(part.slice(2, -2))));
    else if (part.startsWith("__")) nodes.push(el("u", {}, inline(part.slice(2, -2))));
    else if (part.startsWith("~~")) nodes.push(el("s", {}, inline(part.slice(2, -2))));
    else if (/^<@!?\d+>$/.test(part)) nodes.push(mention(userName(part.replace(/\D/g, "")), "@"));
    else if (/^<@&\d+>$/.test(part)) nodes.push(mention(roleName(part.replace(/\D/g, "")), "@"));
    else if (/^<#\d+>$/.test(part)) nodes.push(mention(channelName(part.replace(/\D/g, "")), "#"));
    else if (part.startsWith("<t:")) nodes.push(new Date(Number(part.split(":")[1]) * 1000).toLocaleString());
    else if (/^[*_].+[*_]$/.test(part) && part.length > 2) nodes.push(el("em", {}, inline(part.slice(1, -1))));
    else nodes.push(part);
  }
  return nodes;
}

function mention(name, prefix) {
  return el("span", { class: "mention", text: `${prefix}${name}` });
}

function userName(id) {
  const state = ui.state;
  if (state.bot.id === id) return state.bot.name;
  const user = state.users.find((u) => u.id === id);
  return user ? user.name : id;
}

function roleName(id) {
  const role = ui.state.roles.find((r) => r.id === id);
  return role ? role.name : id;
}

function channelName(id) {
  const channel = ui.state.channels.find((c) => c.id === id);
  return channel ? channel.name : id;
}

// -- components (classic rows and components v2) -------------------------------------

function mediaUrl(url, message) {
  if (url && url.startsWith("attachment://")) {
    const found = message.attachments.find((a) => a.filename === url.slice(13));
    return found ? found.url : url;
  }
  return url;
}

function renderComponent(component, message) {
  const children = (list) => (list || []).map((c) => renderComponent(c, message));
  switch (component.type) {
    case 1:
      return el("div", { class: "row" }, children(component.components));
    case 2:
      return renderButton(component, message);
    case 3: case 5: case 6: case 7: case 8:
      return renderSelect(component, message);
    case 9:
      return el("div", { class: "row" },
        el("div", {}, children(component.components)),
        component.accessory && renderComponent(component.accessory, message));
    case 10:
      return el("div", { class: "content" }, markdown(component.content || ""));
    case 11:
      return el("img", { class: "e-thumb", src: mediaUrl(component.media && component.media.url, message), alt: "" });
    case 12:
      return el("div", {}, (component.items || []).map((item) =>
        el("img", { class: "attachment", src: mediaUrl(item.media && item.media.url, message), alt: item.description || "" })));
    case 13:
      return el("a", { href: mediaUrl(component.file && component.file.url, message), target: "_blank" }, "📎 file");
    case 14:
      return el("hr", { class: "separator" });
    case 17: {
      const box = el("div", { class: "container" }, children(component.components));
      const accent = colour(component.accent_color);
      if (accent) box.style.borderLeftColor = accent;
      return box;
    }
    default:
      return el("span", { class: "note", text: `[component type ${component.type}]` });
  }
}

function renderButton(button, message) {
  const label = [button.emoji && button.emoji.name, button.label].filter(Boolean).join(" ") || "\u200b";
  if (button.style === 5) {
    return el("a", { class: "btn-5", href: button.url, target: "_blank", rel: "noopener" }, label);
  }
  return el("button", {
    type: "button",
    class: `btn-${button.style || 2}`,
    disabled: Boolean(button.disabled) || button.style === 6,
    onclick: () => act("/_pg/press", { message: message.id, custom_id: button.custom_id }),
  }, label);
}

function selectChoices(menu) {
  const state = ui.state;
  const users = state.users.map((u) => ({ value: u.id, label: `@${u.name}` }));
  const roles = state.roles.filter((r) => r.name !== "@everyone").map((r) => ({ value: r.id, label: `@${r.name}` }));
  switch (menu.type) {
    case 3: return (menu.options || []).map((o) => ({ value: o.value, label: o.label, selected: o.default }));
    case 5: return users;
    case 6: return roles;
    case 7: return users.concat(roles);
    default: {
      const types = menu.channel_types;
      return state.channels
        .filter((c) => c.type !== 1 && (!types || types.includes(c.type)))
        .map((c) => ({ value: c.id, label: channelLabel(c) }));
    }
  }
}

function renderSelect(menu, message) {
  const multiple = (menu.max_values ?? 1) > 1;
  const choices = selectChoices(menu);
  const select = el("select", {
    multiple, disabled: Boolean(menu.disabled), "aria-label": menu.placeholder || menu.custom_id,
    size: multiple ? Math.min(choices.length, 6) : null,
  });
  // Discord shows the default option of a menu where it would show the placeholder.
  const chosen = !multiple && choices.some((c) => c.selected);
  if (!multiple) select.append(el("option", { value: "", disabled: true, selected: !chosen, text: menu.placeholder || "Choose…" }));
  for (const choice of choices) {
    select.append(el("option", { value: choice.value, selected: Boolean(choice.selected) }, choice.label));
  }
  const submit = () => {
    const values = [...select.selectedOptions].map((o) => o.value).filter(Boolean);
    act("/_pg/select", { message: message.id, custom_id: menu.custom_id, values });
  };
  if (!multiple) {
    select.addEventListener("change", submit);
    return el("div", { class: "row" }, select);
  }
  return el("div", { class: "row" }, select,
    el("button", { type: "button", disabled: Boolean(menu.disabled), onclick: submit }, "Choose"));
}

// -- acting ----------------------------------------------------------------------------

function showResult(result) {
  const line = $("result");
  line.classList.toggle("error", Boolean(result.error));
  if (result.error) line.textContent = `✗ ${result.error}`;
  else if (!result.answered) line.textContent = "… the bot has not answered yet";
  else {
    const took = result.elapsed_ms === null ? "" : ` in ${Math.round(result.elapsed_ms)} ms`;
    line.textContent = `✓ ${CALLBACK_NAMES[result.callback_type] || "answered"}${took}`;
  }
}

async function act(path, body) {
  $("result").textContent = "…";
  const result = await post(path, body);
  showResult(result);
  if (result.modal) openModal(result);
  return result;
}

// -- the command composer ---------------------------------------------------------------

function leafCommands(commands) {
  const leaves = [];
  const walk = (path, node, top) => {
    const subs = (node.options || []).filter((o) => o.type === OPTION.SUB || o.type === OPTION.GROUP);
    if (!subs.length) {
      leaves.push({ path: path.join(" "), node, top });
      return;
    }
    for (const sub of subs) walk(path.concat(sub.name), sub, top);
  };
  for (const command of commands) walk([command.name], command, command);
  return leaves;
}

function localized(item, key) {
  const user = ui.state.users.find((u) => u.id === ui.state.user);
  const table = item[`${key}_localizations`] || {};
  return (user && (table[user.locale] || table[user.locale.split("-")[0]])) || item[key] || "";
}

function renderCommands(state) {
  const select = $("command");
  const previous = select.value;
  const leaves = leafCommands(state.commands);
  ui.leaves = leaves;
  select.replaceChildren(...leaves.map((leaf) =>
    el("option", { value: leaf.path, selected: leaf.path === previous }, `/${leaf.path}`)));
  $("send").disabled = leaves.length === 0;
  if (!leaves.length) {
    $("command-help").textContent = "The bot has not synced any commands yet.";
    $("options").replaceChildren();
    return;
  }
  renderOptions();
}

function currentLeaf() {
  return (ui.leaves || []).find((leaf) => leaf.path === $("command").value);
}

function renderOptions() {
  const leaf = currentLeaf();
  if (!leaf) return;
  $("command-help").textContent = localized(leaf.node, "description");
  $("options").replaceChildren(...(leaf.node.options || []).map((option) => {
    const [control, ...extras] = optionControl(option, leaf);
    control.dataset.option = option.name;
    return el("label", { title: localized(option, "description") },
      el("span", {}, option.name, option.required && el("span", { class: "req", text: " *" })),
      control, extras);
  }));
}

// The input for one command option, followed by any helper element (an autocomplete datalist).
function optionControl(option, leaf) {
  const state = ui.state;
  const choicesSelect = (pairs) => [el("select", {},
    el("option", { value: "", text: option.required ? "— choose —" : "—" }),
    pairs.map(([value, label]) => el("option", { value }, label)))];
  if (option.choices && option.choices.length) {
    return choicesSelect(option.choices.map((c) => [String(c.value), localized(c, "name")]));
  }
  switch (option.type) {
    case OPTION.BOOLEAN:
      return choicesSelect([["true", "true"], ["false", "false"]]);
    case OPTION.USER:
      return choicesSelect(state.users.map((u) => [u.id, `@${u.name}`]));
    case OPTION.ROLE:
      return choicesSelect(state.roles.map((r) => [r.id, r.name]));
    case OPTION.MENTIONABLE:
      return choicesSelect(state.users.map((u) => [u.id, `@${u.name}`]).concat(state.roles.map((r) => [r.id, r.name])));
    case OPTION.CHANNEL:
      return choicesSelect(state.channels
        .filter((c) => c.type !== 1 && (!option.channel_types || option.channel_types.includes(c.type)))
        .map((c) => [c.id, channelLabel(c)]));
    case OPTION.ATTACHMENT:
      return [el("input", { type: "file" })];
    case OPTION.INTEGER: case OPTION.NUMBER:
      if (!option.autocomplete) {
        return [el("input", {
          type: "number", min: option.min_value, max: option.max_value,
          step: option.type === OPTION.INTEGER ? "1" : "any",
        })];
      }
      break;
    default:
      break;
  }
  const input = el("input", {
    type: "text", minlength: option.min_length, maxlength: option.max_length,
    placeholder: option.autocomplete ? "type to get suggestions" : "",
  });
  if (!option.autocomplete) return [input];
  const list = el("datalist", { id: `ac-${leaf.path.replace(/\W/g, "-")}-${option.name}` });
  input.setAttribute("list", list.id);
  let timer = null;
  const ask = () => {
    clearTimeout(timer);
    timer = setTimeout(() => suggest(leaf, option.name, list), 200);
  };
  input.addEventListener("input", ask);
  input.addEventListener("focus", ask);
  return [input, list];
}

async function suggest(leaf, focused, list) {
  const options = await collectOptions(focused);
  const result = await post("/_pg/autocomplete", { command: leaf.path, focused, options });
  list.replaceChildren(...(result.choices || []).map((choice) =>
    el("option", { value: String(choice.value) }, localized(choice, "name"))));
  if (result.error) showResult({ error: result.error });
}

function readFile(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).split(",", 2)[1]);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

async function collectOptions(focused) {
  const options = {};
  for (const control of $("options").querySelectorAll("[data-option]")) {
    const name = control.dataset.option;
    if (control.type === "file") {
      if (control.files.length) {
        options[name] = { filename: control.files[0].name, base64: await readFile(control.files[0]) };
      }
    } else if (control.value !== "" || name === focused) {
      options[name] = control.value;
    }
  }
  return options;
}

async function sendCommand(event) {
  event.preventDefault();
  const leaf = currentLeaf();
  if (!leaf) return;
  $("send").disabled = true;
  try {
    await act("/_pg/slash", { command: leaf.path, options: await collectOptions(null) });
  } finally {
    $("send").disabled = false;
  }
}

// -- modals ------------------------------------------------------------------------------

function modalControl(component) {
  const common = { "data-input": component.custom_id, required: component.required !== false };
  if (component.type === 4) {
    const attrs = {
      ...common, placeholder: component.placeholder, minlength: component.min_length,
      maxlength: component.max_length,
    };
    const node = component.style === 2 ? el("textarea", { ...attrs, rows: 4 }) : el("input", { ...attrs, type: "text" });
    node.value = component.value || "";
    return node;
  }
  if (component.type === 3) {
    return el("select", { ...common, multiple: (component.max_values ?? 1) > 1 },
      (component.options || []).map((o) => el("option", { value: o.value, selected: o.default }, o.label)));
  }
  return null;
}

function modalFields(components) {
  const fields = [];
  for (const component of components) {
    if (component.type === 1) fields.push(...modalFields(component.components || []));
    else if (component.type === 10) fields.push(el("p", {}, markdown(component.content || "")));
    else if (component.type === 18) {
      const control = modalControl(component.component);
      if (control) {
        fields.push(el("label", {}, component.label, component.description &&
          el("span", { class: "help", text: component.description }), control));
      }
    } else {
      const control = modalControl(component);
      if (control) fields.push(el("label", {}, component.label || component.custom_id, control));
    }
  }
  return fields;
}

function openModal(result) {
  ui.modalFor = result.interaction;
  $("modal-title").textContent = result.modal.title || "Form";
  $("modal-fields").replaceChildren(...modalFields(result.modal.components || []));
  $("modal").showModal();
}

async function submitModal(event) {
  event.preventDefault();
  const values = {};
  for (const control of $("modal-fields").querySelectorAll("[data-input]")) {
    values[control.dataset.input] = control.tagName === "SELECT"
      ? [...control.selectedOptions].map((o) => o.value)
      : control.value;
  }
  $("modal").close();
  await act("/_pg/modal", { interaction: ui.modalFor, values });
}

// -- wiring ------------------------------------------------------------------------------

$("user").addEventListener("change", (event) => {
  ui.user = event.target.value;
  reload();
});
$("command").addEventListener("change", renderOptions);
$("composer").addEventListener("submit", sendCommand);
$("modal-form").addEventListener("submit", submitModal);
$("modal-cancel").addEventListener("click", () => $("modal").close());

pollLoop();
