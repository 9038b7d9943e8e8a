#!/usr/bin/env -S lacy run
-- tidy-downloads.lua: sorts the files of a folder into subfolders by kind
-- (images/, documents/, archives/, …). Shows the plan and asks first.
--
--   lacy run tidy-downloads.lua                 tidy ~/Downloads
--   lacy run tidy-downloads.lua DIR --dry-run   only show the plan
--   lacy run tidy-downloads.lua DIR --yes       do not ask
--
-- Nothing is overwritten: a name already taken gets " (2)", " (3)", …
local lacy = require("lacy")

local kinds = {
  images = { "jpg", "jpeg", "png", "gif", "webp", "svg", "heic", "bmp", "tiff" },
  documents = { "pdf", "doc", "docx", "odt", "rtf", "txt", "md", "epub",
                "xls", "xlsx", "ods", "csv", "ppt", "pptx", "odp" },
  archives = { "zip", "tar", "gz", "tgz", "bz2", "xz", "zst", "7z", "rar" },
  audio = { "mp3", "wav", "flac", "ogg", "m4a", "opus" },
  video = { "mp4", "mkv", "mov", "avi", "webm" },
  installers = { "deb", "rpm", "dmg", "pkg", "exe", "msi", "appimage", "iso" },
}
local kindOf = {}
for kind, exts in pairs(kinds) do
  for _, ext in ipairs(exts) do kindOf[ext] = kind end
end

local dir, dry, yes = "~/Downloads", false, false
for _, a in ipairs(arg) do
  if a == "--dry-run" then dry = true
  elseif a == "--yes" then yes = true
  elseif a:sub(1, 1) == "-" then
    io.stderr:write("usage: lacy run tidy-downloads.lua [DIR] [--dry-run] [--yes]\n")
    os.exit(2)
  else dir = a end
end
dir = dir:gsub("^~/", (lacy.env.HOME or "~") .. "/")
if not lacy.fs.exists(dir) then
  io.stderr:write(dir .. ": no such directory\n")
  os.exit(1)
end

-- The plan: which file goes where.
local plan, byKind = {}, {}
for _, name in ipairs(lacy.fs.list(dir)) do
  local st = lacy.fs.stat(dir .. "/" .. name)
  local ext = name:match("%.([^.]+)$")
  local kind = ext and kindOf[ext:lower()]
  if st.is_file and name:sub(1, 1) ~= "." and kind then
    plan[#plan + 1] = { name = name, kind = kind }
    byKind[kind] = byKind[kind] or {}
    table.insert(byKind[kind], name)
  end
end
if #plan == 0 then
  print("nothing to tidy in " .. dir)
  return
end

local names = {}
for kind in pairs(byKind) do names[#names + 1] = kind end
table.sort(names)
for _, kind in ipairs(names) do
  print(("%-11s %d: %s"):format(kind .. "/", #byKind[kind], table.concat(byKind[kind], ", ")))
end
if dry then
  return
end
if not yes and not lacy.ui.confirm(("Move %d files in %s?"):format(#plan, dir)) then
  print("nothing moved")
  return
end

-- free returns a path in folder for name that is not taken yet.
local function free(folder, name)
  local path = folder .. "/" .. name
  local base, ext = name:match("^(.*)(%.[^.]+)$")
  local n = 2
  while lacy.fs.exists(path) do
    path = ("%s/%s (%d)%s"):format(folder, base, n, ext)
    n = n + 1
  end
  return path
end

for _, f in ipairs(plan) do
  local folder = dir .. "/" .. f.kind
  lacy.fs.mkdir(folder)
  local ok, err = os.rename(dir .. "/" .. f.name, free(folder, f.name))
  if not ok then
    io.stderr:write(err .. "\n")
  end
end
lacy.log.info("tidied a folder", { dir = dir, files = #plan })
print(("moved %d files"):format(#plan))
