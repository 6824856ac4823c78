public enum TrellisRender {}
