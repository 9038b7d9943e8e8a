package names

import (
	"bytes"
	"unsafe"

	"golang.org/x/sys/unix"
)

// direntBuf is the size of readExecutables' scratch buffer: getdents64
// fills it with as many entries as fit.
const direntBuf = 16 << 10

// readExecutables lists the entries of dir that can be run: regular files
// with an execute bit, and symlinks (not followed, to keep indexing cheap).
// Each name is followed by a NUL, which no file name holds. It reads the
// directory with getdents64 into buf and stats regular files relative to
// it, so the names are the only thing it allocates: os.ReadDir and
// DirEntry.Info allocated about 300 bytes per entry, all garbage once the
// index is built, at every start (docs/performance.md, Memory).
func readExecutables(dir string, buf []byte) string {
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return ""
	}
	defer unix.Close(fd)
	var names []byte
	var st unix.Stat_t
	for {
		n, err := unix.Getdents(fd, buf)
		if err == unix.EINTR {
			continue
		}
		if n <= 0 || err != nil {
			break
		}
		for off := 0; off < n; {
			// struct linux_dirent64: ino u64, off s64, reclen u16,
			// type u8, name NUL-terminated.
			rec := buf[off:n]
			reclen := int(*(*uint16)(unsafe.Pointer(&rec[16])))
			if reclen < 20 || reclen > len(rec) {
				break
			}
			typ := rec[18]
			name := rec[19:reclen]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			off += reclen
			if len(name) == 0 || name[0] == '.' && (len(name) == 1 || len(name) == 2 && name[1] == '.') {
				continue
			}
			switch typ {
			case unix.DT_LNK:
			case unix.DT_REG, unix.DT_UNKNOWN:
				if unix.Fstatat(fd, unsafe.String(&name[0], len(name)), &st, unix.AT_SYMLINK_NOFOLLOW) != nil {
					continue
				}
				switch st.Mode & unix.S_IFMT {
				case unix.S_IFLNK:
				case unix.S_IFREG:
					if st.Mode&0o111 == 0 {
						continue
					}
				default:
					continue
				}
			default:
				continue
			}
			names = append(append(names, name...), 0)
		}
	}
	return string(names)
}
