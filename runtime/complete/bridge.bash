# lacy's completion bridge: runs in one long-lived `bash --norc --noprofile`
# (see bridge.go). $1 is bash-completion's main script. It answers requests
# read from stdin with the completions bash itself would offer.
#
# Request (each field NUL-terminated): a source snippet to eval first (the
# user's `complete` lines; usually empty), the directory, PATH, the number of
# words, the words, COMP_CWORD, COMP_LINE, COMP_POINT.
# Reply (each field NUL-terminated): the options (" filenames nospace …", or
# "nospec" when no completion spec applies), the number of candidates, the
# candidates. A completion function that runs an interactive program
# ($2: fzf, sk, … — it needs the terminal, which this bash has not) gets
# " tty fn=FUNCTION " in the options instead: lacy runs that function in
# the session, with the terminal (see Request.Interactive).
set +o history +o monitor +H
shopt -s extglob progcomp
. "$1" >/dev/null 2>&1 </dev/null

# The interactive programs are functions here that tell this bash (by a
# signal: they may run in a pipeline or $(…)) and fail.
__lacy_tty=
trap '__lacy_tty=1' USR1
for __lacy_p in $2; do
	eval "$__lacy_p() { kill -USR1 $$; return 130; }"
done

# Completion functions change options through compopt, which works only
# inside bash's own completion; lacy records them and applies them itself.
compopt() {
	while (($#)); do
		case $1 in
		-o) shift; __lacy_opt "$1" 1 ;;
		+o) shift; __lacy_opt "$1" 0 ;;
		esac
		shift
	done
	return 0
}
__lacy_opt() {
	__lacy_opts=${__lacy_opts// $1 / }
	(($2)) && __lacy_opts+="$1 "
	return 0
}

# Specs by command, read once ($(…) costs a fork per Tab); emptied when
# `complete` lines are replayed.
declare -A __lacy_specs

__lacy_complete() {
	local cmd=${COMP_WORDS[0]} spec fn= i
	local -a s args
	[[ $cmd == */* ]] && cmd=${cmd##*/}
	spec=${__lacy_specs[$cmd]-}
	if [[ -z $spec ]]; then
		spec=$(complete -p -- "$cmd" 2>/dev/null)
		if [[ -z $spec ]]; then
			# In this shell, never inside $(…): the functions it defines must stay.
			__load_completion "$cmd" >/dev/null 2>&1
			spec=$(complete -p -- "$cmd" 2>/dev/null)
		fi
		[[ $spec ]] && __lacy_specs[$cmd]=$spec
	fi
	if [[ -z $spec ]]; then
		__lacy_opts=nospec
		return
	fi
	eval "s=($spec)" 2>/dev/null || { __lacy_opts=nospec; return; }
	s=("${s[@]:1:${#s[@]}-2}") # drop `complete` and the command name
	for ((i = 0; i < ${#s[@]}; i++)); do
		case ${s[i]} in
		-o) ((i++)); __lacy_opt "${s[i]}" 1 ;;
		-F) ((i++)); fn=${s[i]} ;;
		-[ACGWXPS]) args+=("${s[i]}" "${s[i + 1]}"); ((i++)) ;;
		-[DEI]) ;;
		*) args+=("${s[i]}") ;;
		esac
	done
	local cur=${COMP_WORDS[COMP_CWORD]} prev=
	((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
	if ((${#args[@]})); then
		mapfile -t COMPREPLY < <(compgen "${args[@]}" -- "$cur" 2>/dev/null)
	fi
	if [[ $fn ]]; then
		local -a before=("${COMPREPLY[@]}")
		COMPREPLY=()
		__lacy_tty=
		"$fn" "$cmd" "$cur" "$prev"
		if [[ $__lacy_tty ]]; then
			__lacy_opts+="tty fn=$fn "
			COMPREPLY=()
			return
		fi
		COMPREPLY=("${before[@]}" "${COMPREPLY[@]}")
	fi
}

printf 'ready\0'
while :; do
	IFS= read -r -d '' __lacy_src || exit 0
	IFS= read -r -d '' __lacy_dir || exit 0
	IFS= read -r -d '' __lacy_path || exit 0
	IFS= read -r -d '' __lacy_n || exit 0
	COMP_WORDS=()
	for ((__lacy_i = 0; __lacy_i < __lacy_n; __lacy_i++)); do
		IFS= read -r -d '' __lacy_w || exit 0
		COMP_WORDS+=("$__lacy_w")
	done
	IFS= read -r -d '' COMP_CWORD || exit 0
	IFS= read -r -d '' COMP_LINE || exit 0
	IFS= read -r -d '' COMP_POINT || exit 0
	COMP_TYPE=9 COMP_KEY=9
	if [[ $__lacy_src ]]; then
		eval "$__lacy_src" >/dev/null 2>&1 </dev/null
		__lacy_specs=()
	fi
	[[ $__lacy_path ]] && PATH=$__lacy_path
	cd -- "$__lacy_dir" 2>/dev/null || cd /
	__lacy_opts=' '
	COMPREPLY=()
	{ __lacy_complete; } >/dev/null 2>&1 </dev/null
	printf '%s\0' "$__lacy_opts" "${#COMPREPLY[@]}" "${COMPREPLY[@]}"
done
