package names

// Names returns the names of the executables indexed, for completion.
func (p *PathIndex) Names() []string {
	if p == nil {
		return nil
	}
	snap := p.load()
	names := make([]string, len(snap.sorted))
	for i, r := range snap.sorted {
		names[i] = snap.name(r)
	}
	return names
}

// Indexed returns the PATH the index reads (the last one given to Refresh).
func (p *PathIndex) Indexed() string {
	if p == nil {
		return ""
	}
	return p.load().path
}
