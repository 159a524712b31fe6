// lrt preview's page: polls /api/status, shows each new pass of the image, lists the diagnostics,
// edits the scene's program files and shows the pixel debugger's record of a clicked pixel. Every
// request carries the token from the page's address as a Bearer header (the server also sets a
// SameSite=Strict cookie when the page loads).
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
const authorization = token ? { Authorization: "Bearer " + token } : {};
const $ = (id) => document.getElementById(id);

let status = null;       // the latest /api/status
let shownImage = "";     // which image is shown: generation, pass, AOV and exposure
let openFile = null;     // the path of the file in the editor
let editorDirty = false;

async function api(path, options = {}) {
  const response = await fetch(path, {
    ...options,
    credentials: "same-origin",
    headers: { ...authorization, ...(options.headers || {}) },
  });
  if (!response.ok) {
    let message = response.status + " " + response.statusText;
    try { message = (await response.json()).error || message; } catch (e) { /* not JSON */ }
    throw new Error(message);
  }
  return response;
}

function element(tag, attributes = {}, ...children) {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "class") e.className = value;
    else if (name.startsWith("on")) e.addEventListener(name.slice(2), value);
    else e.setAttribute(name, value);
  }
  for (const child of children)
    e.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return e;
}

function number(v, digits = 4) {
  return typeof v === "number" ? Number(v.toPrecision(digits)).toString() : String(v);
}
function vector(v) { return Array.isArray(v) ? "(" + v.map((x) => number(x)).join(", ") + ")" : "—"; }

// --- status, image and diagnostics ---------------------------------------------------------

async function poll() {
  try {
    status = await (await api("/api/status")).json();
    showStatus();
    await showImage();
  } catch (e) {
    $("state").textContent = "offline";
    $("state").className = "badge error";
  }
  setTimeout(poll, status && status.state === "rendering" ? 100 : 300);
}

function showStatus() {
  $("state").textContent = status.state;
  $("state").className = "badge " + status.state;
  // Before the first pass, what the build is doing ("reading mesh.ply 45%", "building BVH 10%").
  const building = status.state === "rendering" && status.phase !== "rendering";
  $("progress").textContent =
    status.state === "error" ? "" :
    building ? `${status.phase} ${Math.floor(status.phaseFraction * 100)}% · ` +
               `total ${status.totalSeconds.toFixed(2)} s` :
    `pass ${status.pass}/${status.passes} · ${status.spp}/${status.targetSpp} spp · ` +
    `pass ${status.passSeconds.toFixed(2)} s · total ${status.totalSeconds.toFixed(2)} s`;
  $("stale").hidden = !status.stale;
  $("frame").classList.toggle("stale", status.stale);
  const key = JSON.stringify(status.diagnostics);
  if ($("diagnostics").dataset.key !== key) {
    $("diagnostics").dataset.key = key;
    $("diagnostics").replaceChildren(...status.diagnostics.map(diagnosticItem));
    markEditorDiagnostics();
  }
}

function diagnosticItem(d) {
  const place = d.file ? `${d.path || d.file}:${d.line}:${d.column}: ` : "";
  const item = element("li", { class: "diagnostic " + d.severity },
    `${place}${d.severity}: ${d.message.split("\n")[0]}`);
  if (d.text) item.append(element("span", { class: "quoted" }, d.text));
  if (d.path) item.addEventListener("click", () => openEditor(d.path, d.line));
  return item;
}

async function showImage() {
  if (!status.image) return;
  const aov = $("aov").value, exposure = $("exposure").value;
  // Denoising on: the server denoises the passes below the scene's spp ("auto").
  const denoise = $("denoise").checked ? "auto" : "off";
  const key = [status.image.generation, status.image.pass, aov, exposure, denoise].join("/");
  if (key === shownImage) return;
  const response = await api(`/api/image.png?aov=${aov}&exposure=${exposure}&denoise=${denoise}`);
  const blob = await response.blob();
  $("denoised").hidden = response.headers.get("X-Lrt-Denoised") !== "yes";
  const image = $("image");
  const previous = image.src;
  image.src = URL.createObjectURL(blob);
  // Small films are scaled up by a whole factor (to about 800 pixels wide), large ones shown 1:1.
  image.style.width = status.width * Math.max(1, Math.floor(800 / status.width)) + "px";
  image.dataset.generation = status.image.generation;
  image.dataset.pass = status.image.pass;
  if (previous) URL.revokeObjectURL(previous);
  shownImage = key;
}

// --- pixel debugger --------------------------------------------------------------------------

async function debugPixel(event) {
  if (!status || !status.width) return;
  const image = $("image");
  const x = Math.min(status.width - 1, Math.floor(event.offsetX / image.clientWidth * status.width));
  const y = Math.min(status.height - 1, Math.floor(event.offsetY / image.clientHeight * status.height));
  selectTab("debugger");
  $("pixel-hint").textContent = `pixel ${x},${y}…`;
  try {
    showPixel(await (await api(`/api/pixel?x=${x}&y=${y}`)).json());
  } catch (e) {
    $("pixel-hint").textContent = `pixel ${x},${y}: ${e.message}`;
  }
}

function swatch(c) {
  const byte = (v) => Math.round(255 * Math.min(1, Math.max(0, v)) ** (1 / 2.2));
  const e = element("span", { class: "swatch" });
  // Through the CSSOM: the page's content security policy refuses inline style attributes.
  e.style.background = `rgb(${byte(c[0])}, ${byte(c[1])}, ${byte(c[2])})`;
  return e;
}

function table(head, rows) {
  return element("table", {},
    element("tr", {}, ...head.map((h) => element("th", {}, h))),
    ...rows.map((r) => element("tr", {}, ...r.map((c) => element("td", {}, c)))));
}

function showPixel(d) {
  $("pixel-hint").textContent = `pixel ${d.pixel[0]},${d.pixel[1]}, sample ${d.sample} of ${d.samplesPerPixel}`;
  const info = $("pixel-info");
  info.replaceChildren();
  info.append(table(["", "value"], [
    ["colour (1 spp)", element("span", {}, swatch(d.color), vector(d.color))],
    ["sample radiance", vector(d.radiance)],
    ["camera ray", `${vector(d.ray.origin)} → ${vector(d.ray.direction)}`],
  ]));
  if (!d.hit) { info.append(element("p", {}, "The camera ray hits nothing.")); return; }
  info.append(element("h3", {}, "hit"), table(["", "value"], [
    ["shape", d.hit.shape], ["material", d.hit.surface], ["distance", number(d.hit.distance)],
    ["position", vector(d.hit.position)], ["normal", vector(d.hit.normal)],
    ["shading normal", vector(d.hit.shadingNormal)], ["uv", vector(d.hit.uv)], ["st", vector(d.hit.st)],
  ]));
  if (d.march)
    info.append(element("h3", {}, `sphere tracing: ${d.march.length} steps`),
      table(["step", "t", "distance"], d.march.map((s, i) => [i, number(s.t, 6), number(s.distance, 6)])));
  if (d.vertexProgram) {
    info.append(element("h3", {}, `vertex program ${d.vertexProgram.program}`));
    for (const v of d.vertexProgram.vertices)
      info.append(table([`vertex ${v.vertex} (${v.status})`, "value"], [
        ...Object.entries(v.inputs).map(([k, x]) => ["in " + k, vector(x)]),
        ...Object.entries(v.outputs).map(([k, x]) => ["out " + k, vector(x)]),
      ]));
  }
  for (const run of d.programs) showRun(info, run);
}

function showRun(info, run) {
  const light = run.light === null ? "no light" : `light ${run.light}`;
  info.append(element("h3", {}, `${run.program}, ${light}: ${run.status}, ` +
    `${run.executed} instructions, result `, swatch(run.result), vector(run.result)));
  const inputs = element("details", {}, element("summary", {}, "inputs (registers as set up)"),
    table(["register", "value"], Object.entries(run.inputs).map(([k, v]) => [k, Array.isArray(v) ? vector(v) : number(v)])));
  info.append(inputs);
  info.append(table(["pc", "instruction", "value", "source"], run.trace.map((s) => [
    s.pc, s.instruction, vector(s.value),
    s.source ? element("span", { class: "source", title: s.source.text },
      `${s.source.file.split("/").pop()}:${s.source.line}  ${s.source.text.trim()}`) : "",
  ])));
  if (!run.traceComplete) info.append(element("p", {}, "(the trace stops here; the run went on)"));
}

// --- files and the editor ----------------------------------------------------------------------

async function listFiles() {
  try {
    const list = await (await api("/api/files")).json();
    $("scene-name").textContent = list.scene;
    $("files").replaceChildren(...list.files.filter((f) => f.program).map((f) =>
      element("li", { "data-path": f.path, onclick: () => openEditor(f.path) },
        f.path, " ", element("span", { class: "kind" }, f.kind))));
  } catch (e) { /* the next reload lists them */ }
}

async function openEditor(path, line) {
  selectTab("files-panel");
  if (openFile !== path) {
    const text = await (await api("/api/files/" + encodeURI(path))).text();
    openFile = path;
    $("editor").value = text;
    $("editor-name").textContent = path;
    $("save-state").textContent = "";
    editorDirty = false;
    $("editor-box").hidden = false;
    for (const li of $("files").children) li.classList.toggle("open", li.dataset.path === path);
  }
  updateGutter();
  markEditorDiagnostics();
  if (line) goToLine(line);
}

function goToLine(line) {
  const editor = $("editor");
  const lines = editor.value.split("\n");
  const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  editor.focus();
  editor.setSelectionRange(start, start + (lines[line - 1] || "").length);
  editor.scrollTop = (line - 3) * parseFloat(getComputedStyle(editor).lineHeight);
}

function editorDiagnostics() {
  return status ? status.diagnostics.filter((d) => d.path && d.path === openFile) : [];
}

function updateGutter() {
  const count = $("editor").value.split("\n").length;
  const errors = new Set(editorDiagnostics().map((d) => d.line));
  $("gutter").replaceChildren(...Array.from({ length: count }, (_, i) =>
    element("div", errors.has(i + 1) ? { class: "error" } : {}, i + 1)));
  $("gutter").scrollTop = $("editor").scrollTop;
}

function markEditorDiagnostics() {
  if (!openFile) return;
  $("editor-diagnostics").replaceChildren(...editorDiagnostics().map(diagnosticItem));
  updateGutter();
}

async function save() {
  if (!openFile) return;
  $("save-state").textContent = "saving…";
  try {
    await api("/api/files/" + encodeURI(openFile), { method: "PUT", body: $("editor").value });
    editorDirty = false;
    $("save-state").textContent = "saved";
  } catch (e) {
    $("save-state").textContent = "not saved: " + e.message;
  }
}

function selectTab(panel) {
  for (const tab of document.querySelectorAll(".tab")) {
    tab.classList.toggle("active", tab.dataset.panel === panel);
    $(tab.dataset.panel).hidden = tab.dataset.panel !== panel;
  }
}

// --- wiring ------------------------------------------------------------------------------------

for (const tab of document.querySelectorAll(".tab"))
  tab.addEventListener("click", () => selectTab(tab.dataset.panel));
$("image").addEventListener("click", debugPixel);
$("aov").addEventListener("change", () => showImage());
$("denoise").addEventListener("change", () => showImage());
$("exposure").addEventListener("input", () => {
  $("exposure-value").textContent = $("exposure").value;
  showImage();
});
$("save").addEventListener("click", save);
$("editor").addEventListener("input", () => {
  editorDirty = true;
  $("save-state").textContent = "edited";
  updateGutter();
});
$("editor").addEventListener("scroll", () => { $("gutter").scrollTop = $("editor").scrollTop; });
$("editor").addEventListener("keydown", (event) => {
  if ((event.ctrlKey || event.metaKey) && event.key === "s") { event.preventDefault(); save(); }
});
window.addEventListener("beforeunload", (event) => { if (editorDirty) event.preventDefault(); });

listFiles();
setInterval(listFiles, 2000);
poll();
