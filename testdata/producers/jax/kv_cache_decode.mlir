module @jit_decode attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<32x128xf32>, %arg4: tensor<128x32xf32>, %arg5: tensor<32x32xf32>, %arg6: tensor<32x96xf32>, %arg7: tensor<32xf32>, %arg8: tensor<32xf32>, %arg9: tensor<32x128xf32>, %arg10: tensor<128x32xf32>, %arg11: tensor<32x32xf32>, %arg12: tensor<32x96xf32>, %arg13: tensor<2x1x4x16x8xf32>, %arg14: tensor<2x1x4x16x8xf32>, %arg15: tensor<1xi32>, %arg16: tensor<i32>) -> (tensor<1x64xf32> {jax.result_info = "result[0]"}, tensor<2x1x4x16x8xf32> {jax.result_info = "result[1]"}, tensor<2x1x4x16x8xf32> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %1 = stablehlo.compare LT, %arg15, %0, SIGNED : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
    %c_0 = stablehlo.constant dense<64> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %3 = stablehlo.add %arg15, %2 : tensor<1xi32>
    %4 = stablehlo.select %1, %3, %arg15 : tensor<1xi1>, tensor<1xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<1xi32>) -> tensor<1x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 32>}> : (tensor<64x32xf32>, tensor<1x1xi32>) -> tensor<1x32xf32>
    %7 = stablehlo.multiply %6, %6 : tensor<1x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<1x32xf32>, tensor<f32>) -> tensor<1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<1xf32>) -> tensor<1x1xf32>
    %cst_1 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %11 = stablehlo.divide %9, %10 : tensor<1x1xf32>
    %cst_2 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %13 = stablehlo.add %11, %12 : tensor<1x1xf32>
    %14 = stablehlo.rsqrt %13 : tensor<1x1xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x32xf32>
    %16 = stablehlo.multiply %6, %15 : tensor<1x32xf32>
    %17 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %18 = stablehlo.multiply %16, %17 : tensor<1x32xf32>
    %19 = stablehlo.dot_general %18, %arg6, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32xf32>, tensor<32x96xf32>) -> tensor<1x96xf32>
    %20 = stablehlo.slice %19 [0:1, 0:32] : (tensor<1x96xf32>) -> tensor<1x32xf32>
    %21 = stablehlo.slice %19 [0:1, 32:64] : (tensor<1x96xf32>) -> tensor<1x32xf32>
    %22 = stablehlo.slice %19 [0:1, 64:96] : (tensor<1x96xf32>) -> tensor<1x32xf32>
    %23 = stablehlo.reshape %20 : (tensor<1x32xf32>) -> tensor<1x4x1x8xf32>
    %24 = stablehlo.reshape %21 : (tensor<1x32xf32>) -> tensor<1x4x1x8xf32>
    %25 = stablehlo.reshape %22 : (tensor<1x32xf32>) -> tensor<1x4x1x8xf32>
    %26 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %27 = stablehlo.iota dim = 0 : tensor<4xf32>
    %cst_3 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %29 = stablehlo.divide %27, %28 : tensor<4xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %31 = stablehlo.power %30, %29 : tensor<4xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %33 = stablehlo.divide %32, %31 : tensor<4xf32>
    %34 = stablehlo.convert %26 : (tensor<1xi32>) -> tensor<1xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0] : (tensor<1xf32>) -> tensor<1x1xf32>
    %36 = stablehlo.broadcast_in_dim %33, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %37 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x4xf32>
    %38 = stablehlo.multiply %37, %36 : tensor<1x4xf32>
    %39 = stablehlo.cosine %38 : tensor<1x4xf32>
    %40 = stablehlo.sine %38 : tensor<1x4xf32>
    %41 = stablehlo.slice %23 [0:1, 0:4, 0:1, 0:4] : (tensor<1x4x1x8xf32>) -> tensor<1x4x1x4xf32>
    %42 = stablehlo.slice %23 [0:1, 0:4, 0:1, 4:8] : (tensor<1x4x1x8xf32>) -> tensor<1x4x1x4xf32>
    %43 = stablehlo.broadcast_in_dim %39, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %45 = stablehlo.multiply %41, %44 : tensor<1x4x1x4xf32>
    %46 = stablehlo.broadcast_in_dim %40, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %48 = stablehlo.multiply %42, %47 : tensor<1x4x1x4xf32>
    %49 = stablehlo.subtract %45, %48 : tensor<1x4x1x4xf32>
    %50 = stablehlo.broadcast_in_dim %40, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %52 = stablehlo.multiply %41, %51 : tensor<1x4x1x4xf32>
    %53 = stablehlo.broadcast_in_dim %39, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %54 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %55 = stablehlo.multiply %42, %54 : tensor<1x4x1x4xf32>
    %56 = stablehlo.add %52, %55 : tensor<1x4x1x4xf32>
    %57 = stablehlo.concatenate %49, %56, dim = 3 : (tensor<1x4x1x4xf32>, tensor<1x4x1x4xf32>) -> tensor<1x4x1x8xf32>
    %58 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %59 = stablehlo.iota dim = 0 : tensor<4xf32>
    %cst_6 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %61 = stablehlo.divide %59, %60 : tensor<4xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %63 = stablehlo.power %62, %61 : tensor<4xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %65 = stablehlo.divide %64, %63 : tensor<4xf32>
    %66 = stablehlo.convert %58 : (tensor<1xi32>) -> tensor<1xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0] : (tensor<1xf32>) -> tensor<1x1xf32>
    %68 = stablehlo.broadcast_in_dim %65, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %69 = stablehlo.broadcast_in_dim %67, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x4xf32>
    %70 = stablehlo.multiply %69, %68 : tensor<1x4xf32>
    %71 = stablehlo.cosine %70 : tensor<1x4xf32>
    %72 = stablehlo.sine %70 : tensor<1x4xf32>
    %73 = stablehlo.slice %24 [0:1, 0:4, 0:1, 0:4] : (tensor<1x4x1x8xf32>) -> tensor<1x4x1x4xf32>
    %74 = stablehlo.slice %24 [0:1, 0:4, 0:1, 4:8] : (tensor<1x4x1x8xf32>) -> tensor<1x4x1x4xf32>
    %75 = stablehlo.broadcast_in_dim %71, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %76 = stablehlo.broadcast_in_dim %75, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %77 = stablehlo.multiply %73, %76 : tensor<1x4x1x4xf32>
    %78 = stablehlo.broadcast_in_dim %72, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %79 = stablehlo.broadcast_in_dim %78, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %80 = stablehlo.multiply %74, %79 : tensor<1x4x1x4xf32>
    %81 = stablehlo.subtract %77, %80 : tensor<1x4x1x4xf32>
    %82 = stablehlo.broadcast_in_dim %72, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %84 = stablehlo.multiply %73, %83 : tensor<1x4x1x4xf32>
    %85 = stablehlo.broadcast_in_dim %71, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %86 = stablehlo.broadcast_in_dim %85, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %87 = stablehlo.multiply %74, %86 : tensor<1x4x1x4xf32>
    %88 = stablehlo.add %84, %87 : tensor<1x4x1x4xf32>
    %89 = stablehlo.concatenate %81, %88, dim = 3 : (tensor<1x4x1x4xf32>, tensor<1x4x1x4xf32>) -> tensor<1x4x1x8xf32>
    %90 = stablehlo.slice %arg13 [0:1, 0:1, 0:4, 0:16, 0:8] : (tensor<2x1x4x16x8xf32>) -> tensor<1x1x4x16x8xf32>
    %91 = stablehlo.reshape %90 : (tensor<1x1x4x16x8xf32>) -> tensor<1x4x16x8xf32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %92 = stablehlo.compare LT, %arg16, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_10 = stablehlo.constant dense<16> : tensor<i32>
    %93 = stablehlo.add %arg16, %c_10 : tensor<i32>
    %94 = stablehlo.select %92, %93, %arg16 : tensor<i1>, tensor<i32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %95 = stablehlo.dynamic_update_slice %91, %89, %c_11, %c_12, %94, %c_13 : (tensor<1x4x16x8xf32>, tensor<1x4x1x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16x8xf32>
    %96 = stablehlo.slice %arg14 [0:1, 0:1, 0:4, 0:16, 0:8] : (tensor<2x1x4x16x8xf32>) -> tensor<1x1x4x16x8xf32>
    %97 = stablehlo.reshape %96 : (tensor<1x1x4x16x8xf32>) -> tensor<1x4x16x8xf32>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %98 = stablehlo.compare LT, %arg16, %c_14, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_15 = stablehlo.constant dense<16> : tensor<i32>
    %99 = stablehlo.add %arg16, %c_15 : tensor<i32>
    %100 = stablehlo.select %98, %99, %arg16 : tensor<i1>, tensor<i32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %c_17 = stablehlo.constant dense<0> : tensor<i32>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %101 = stablehlo.dynamic_update_slice %97, %25, %c_16, %c_17, %100, %c_18 : (tensor<1x4x16x8xf32>, tensor<1x4x1x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16x8xf32>
    %102 = stablehlo.dot_general %57, %95, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x4x1x8xf32>, tensor<1x4x16x8xf32>) -> tensor<1x4x1x16xf32>
    %cst_19 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<1x4x1x16xf32>
    %104 = stablehlo.divide %102, %103 : tensor<1x4x1x16xf32>
    %105 = stablehlo.iota dim = 0 : tensor<16xi32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [3] : (tensor<16xi32>) -> tensor<1x1x1x16xi32>
    %107 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<i32>) -> tensor<1x1x1x16xi32>
    %108 = stablehlo.compare LE, %106, %107, SIGNED : (tensor<1x1x1x16xi32>, tensor<1x1x1x16xi32>) -> tensor<1x1x1x16xi1>
    %cst_20 = stablehlo.constant dense<-1.000000e+30> : tensor<f32>
    %109 = call @_where(%108, %104, %cst_20) : (tensor<1x1x1x16xi1>, tensor<1x4x1x16xf32>, tensor<f32>) -> tensor<1x4x1x16xf32>
    %cst_21 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %110 = stablehlo.reduce(%109 init: %cst_21) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x1x16xf32>, tensor<f32>) -> tensor<1x4x1xf32>
    %cst_22 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<1x4x1xf32>
    %112 = stablehlo.maximum %111, %110 : tensor<1x4x1xf32>
    %113 = stablehlo.broadcast_in_dim %112, dims = [0, 1, 2] : (tensor<1x4x1xf32>) -> tensor<1x4x1x1xf32>
    %114 = stablehlo.broadcast_in_dim %113, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x16xf32>
    %115 = stablehlo.subtract %109, %114 : tensor<1x4x1x16xf32>
    %116 = stablehlo.exponential %115 : tensor<1x4x1x16xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.reduce(%116 init: %cst_23) applies stablehlo.add across dimensions = [3] : (tensor<1x4x1x16xf32>, tensor<f32>) -> tensor<1x4x1xf32>
    %118 = stablehlo.broadcast_in_dim %117, dims = [0, 1, 2] : (tensor<1x4x1xf32>) -> tensor<1x4x1x1xf32>
    %119 = stablehlo.broadcast_in_dim %118, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x16xf32>
    %120 = stablehlo.divide %116, %119 : tensor<1x4x1x16xf32>
    %121 = stablehlo.dot_general %120, %101, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x4x1x16xf32>, tensor<1x4x16x8xf32>) -> tensor<1x4x1x8xf32>
    %122 = stablehlo.reshape %121 : (tensor<1x4x1x8xf32>) -> tensor<1x32xf32>
    %123 = stablehlo.dot_general %122, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32xf32>, tensor<32x32xf32>) -> tensor<1x32xf32>
    %124 = stablehlo.add %6, %123 : tensor<1x32xf32>
    %125 = stablehlo.multiply %124, %124 : tensor<1x32xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %126 = stablehlo.reduce(%125 init: %cst_24) applies stablehlo.add across dimensions = [1] : (tensor<1x32xf32>, tensor<f32>) -> tensor<1xf32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [0] : (tensor<1xf32>) -> tensor<1x1xf32>
    %cst_25 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %128 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %129 = stablehlo.divide %127, %128 : tensor<1x1xf32>
    %cst_26 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %130 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %131 = stablehlo.add %129, %130 : tensor<1x1xf32>
    %132 = stablehlo.rsqrt %131 : tensor<1x1xf32>
    %133 = stablehlo.broadcast_in_dim %132, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x32xf32>
    %134 = stablehlo.multiply %124, %133 : tensor<1x32xf32>
    %135 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %136 = stablehlo.multiply %134, %135 : tensor<1x32xf32>
    %137 = stablehlo.dot_general %136, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32xf32>, tensor<32x128xf32>) -> tensor<1x128xf32>
    %138 = call @silu(%137) : (tensor<1x128xf32>) -> tensor<1x128xf32>
    %139 = stablehlo.dot_general %138, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x128xf32>, tensor<128x32xf32>) -> tensor<1x32xf32>
    %140 = stablehlo.add %124, %139 : tensor<1x32xf32>
    %141 = stablehlo.multiply %140, %140 : tensor<1x32xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %142 = stablehlo.reduce(%141 init: %cst_27) applies stablehlo.add across dimensions = [1] : (tensor<1x32xf32>, tensor<f32>) -> tensor<1xf32>
    %143 = stablehlo.broadcast_in_dim %142, dims = [0] : (tensor<1xf32>) -> tensor<1x1xf32>
    %cst_28 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %144 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %145 = stablehlo.divide %143, %144 : tensor<1x1xf32>
    %cst_29 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %147 = stablehlo.add %145, %146 : tensor<1x1xf32>
    %148 = stablehlo.rsqrt %147 : tensor<1x1xf32>
    %149 = stablehlo.broadcast_in_dim %148, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x32xf32>
    %150 = stablehlo.multiply %140, %149 : tensor<1x32xf32>
    %151 = stablehlo.broadcast_in_dim %arg7, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %152 = stablehlo.multiply %150, %151 : tensor<1x32xf32>
    %153 = stablehlo.dot_general %152, %arg12, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32xf32>, tensor<32x96xf32>) -> tensor<1x96xf32>
    %154 = stablehlo.slice %153 [0:1, 0:32] : (tensor<1x96xf32>) -> tensor<1x32xf32>
    %155 = stablehlo.slice %153 [0:1, 32:64] : (tensor<1x96xf32>) -> tensor<1x32xf32>
    %156 = stablehlo.slice %153 [0:1, 64:96] : (tensor<1x96xf32>) -> tensor<1x32xf32>
    %157 = stablehlo.reshape %154 : (tensor<1x32xf32>) -> tensor<1x4x1x8xf32>
    %158 = stablehlo.reshape %155 : (tensor<1x32xf32>) -> tensor<1x4x1x8xf32>
    %159 = stablehlo.reshape %156 : (tensor<1x32xf32>) -> tensor<1x4x1x8xf32>
    %160 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %161 = stablehlo.iota dim = 0 : tensor<4xf32>
    %cst_30 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %163 = stablehlo.divide %161, %162 : tensor<4xf32>
    %cst_31 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %164 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %165 = stablehlo.power %164, %163 : tensor<4xf32>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %166 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %167 = stablehlo.divide %166, %165 : tensor<4xf32>
    %168 = stablehlo.convert %160 : (tensor<1xi32>) -> tensor<1xf32>
    %169 = stablehlo.broadcast_in_dim %168, dims = [0] : (tensor<1xf32>) -> tensor<1x1xf32>
    %170 = stablehlo.broadcast_in_dim %167, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %171 = stablehlo.broadcast_in_dim %169, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x4xf32>
    %172 = stablehlo.multiply %171, %170 : tensor<1x4xf32>
    %173 = stablehlo.cosine %172 : tensor<1x4xf32>
    %174 = stablehlo.sine %172 : tensor<1x4xf32>
    %175 = stablehlo.slice %157 [0:1, 0:4, 0:1, 0:4] : (tensor<1x4x1x8xf32>) -> tensor<1x4x1x4xf32>
    %176 = stablehlo.slice %157 [0:1, 0:4, 0:1, 4:8] : (tensor<1x4x1x8xf32>) -> tensor<1x4x1x4xf32>
    %177 = stablehlo.broadcast_in_dim %173, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %178 = stablehlo.broadcast_in_dim %177, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %179 = stablehlo.multiply %175, %178 : tensor<1x4x1x4xf32>
    %180 = stablehlo.broadcast_in_dim %174, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %181 = stablehlo.broadcast_in_dim %180, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %182 = stablehlo.multiply %176, %181 : tensor<1x4x1x4xf32>
    %183 = stablehlo.subtract %179, %182 : tensor<1x4x1x4xf32>
    %184 = stablehlo.broadcast_in_dim %174, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %185 = stablehlo.broadcast_in_dim %184, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %186 = stablehlo.multiply %175, %185 : tensor<1x4x1x4xf32>
    %187 = stablehlo.broadcast_in_dim %173, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %188 = stablehlo.broadcast_in_dim %187, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %189 = stablehlo.multiply %176, %188 : tensor<1x4x1x4xf32>
    %190 = stablehlo.add %186, %189 : tensor<1x4x1x4xf32>
    %191 = stablehlo.concatenate %183, %190, dim = 3 : (tensor<1x4x1x4xf32>, tensor<1x4x1x4xf32>) -> tensor<1x4x1x8xf32>
    %192 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %193 = stablehlo.iota dim = 0 : tensor<4xf32>
    %cst_33 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %194 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %195 = stablehlo.divide %193, %194 : tensor<4xf32>
    %cst_34 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %197 = stablehlo.power %196, %195 : tensor<4xf32>
    %cst_35 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %198 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %199 = stablehlo.divide %198, %197 : tensor<4xf32>
    %200 = stablehlo.convert %192 : (tensor<1xi32>) -> tensor<1xf32>
    %201 = stablehlo.broadcast_in_dim %200, dims = [0] : (tensor<1xf32>) -> tensor<1x1xf32>
    %202 = stablehlo.broadcast_in_dim %199, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %203 = stablehlo.broadcast_in_dim %201, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x4xf32>
    %204 = stablehlo.multiply %203, %202 : tensor<1x4xf32>
    %205 = stablehlo.cosine %204 : tensor<1x4xf32>
    %206 = stablehlo.sine %204 : tensor<1x4xf32>
    %207 = stablehlo.slice %158 [0:1, 0:4, 0:1, 0:4] : (tensor<1x4x1x8xf32>) -> tensor<1x4x1x4xf32>
    %208 = stablehlo.slice %158 [0:1, 0:4, 0:1, 4:8] : (tensor<1x4x1x8xf32>) -> tensor<1x4x1x4xf32>
    %209 = stablehlo.broadcast_in_dim %205, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %210 = stablehlo.broadcast_in_dim %209, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %211 = stablehlo.multiply %207, %210 : tensor<1x4x1x4xf32>
    %212 = stablehlo.broadcast_in_dim %206, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %213 = stablehlo.broadcast_in_dim %212, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %214 = stablehlo.multiply %208, %213 : tensor<1x4x1x4xf32>
    %215 = stablehlo.subtract %211, %214 : tensor<1x4x1x4xf32>
    %216 = stablehlo.broadcast_in_dim %206, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %217 = stablehlo.broadcast_in_dim %216, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %218 = stablehlo.multiply %207, %217 : tensor<1x4x1x4xf32>
    %219 = stablehlo.broadcast_in_dim %205, dims = [2, 3] : (tensor<1x4xf32>) -> tensor<1x1x1x4xf32>
    %220 = stablehlo.broadcast_in_dim %219, dims = [0, 1, 2, 3] : (tensor<1x1x1x4xf32>) -> tensor<1x4x1x4xf32>
    %221 = stablehlo.multiply %208, %220 : tensor<1x4x1x4xf32>
    %222 = stablehlo.add %218, %221 : tensor<1x4x1x4xf32>
    %223 = stablehlo.concatenate %215, %222, dim = 3 : (tensor<1x4x1x4xf32>, tensor<1x4x1x4xf32>) -> tensor<1x4x1x8xf32>
    %224 = stablehlo.slice %arg13 [1:2, 0:1, 0:4, 0:16, 0:8] : (tensor<2x1x4x16x8xf32>) -> tensor<1x1x4x16x8xf32>
    %225 = stablehlo.reshape %224 : (tensor<1x1x4x16x8xf32>) -> tensor<1x4x16x8xf32>
    %c_36 = stablehlo.constant dense<0> : tensor<i32>
    %226 = stablehlo.compare LT, %arg16, %c_36, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_37 = stablehlo.constant dense<16> : tensor<i32>
    %227 = stablehlo.add %arg16, %c_37 : tensor<i32>
    %228 = stablehlo.select %226, %227, %arg16 : tensor<i1>, tensor<i32>
    %c_38 = stablehlo.constant dense<0> : tensor<i32>
    %c_39 = stablehlo.constant dense<0> : tensor<i32>
    %c_40 = stablehlo.constant dense<0> : tensor<i32>
    %229 = stablehlo.dynamic_update_slice %225, %223, %c_38, %c_39, %228, %c_40 : (tensor<1x4x16x8xf32>, tensor<1x4x1x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16x8xf32>
    %230 = stablehlo.slice %arg14 [1:2, 0:1, 0:4, 0:16, 0:8] : (tensor<2x1x4x16x8xf32>) -> tensor<1x1x4x16x8xf32>
    %231 = stablehlo.reshape %230 : (tensor<1x1x4x16x8xf32>) -> tensor<1x4x16x8xf32>
    %c_41 = stablehlo.constant dense<0> : tensor<i32>
    %232 = stablehlo.compare LT, %arg16, %c_41, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_42 = stablehlo.constant dense<16> : tensor<i32>
    %233 = stablehlo.add %arg16, %c_42 : tensor<i32>
    %234 = stablehlo.select %232, %233, %arg16 : tensor<i1>, tensor<i32>
    %c_43 = stablehlo.constant dense<0> : tensor<i32>
    %c_44 = stablehlo.constant dense<0> : tensor<i32>
    %c_45 = stablehlo.constant dense<0> : tensor<i32>
    %235 = stablehlo.dynamic_update_slice %231, %159, %c_43, %c_44, %234, %c_45 : (tensor<1x4x16x8xf32>, tensor<1x4x1x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x16x8xf32>
    %236 = stablehlo.dot_general %191, %229, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x4x1x8xf32>, tensor<1x4x16x8xf32>) -> tensor<1x4x1x16xf32>
    %cst_46 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %237 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<1x4x1x16xf32>
    %238 = stablehlo.divide %236, %237 : tensor<1x4x1x16xf32>
    %239 = stablehlo.iota dim = 0 : tensor<16xi32>
    %240 = stablehlo.broadcast_in_dim %239, dims = [3] : (tensor<16xi32>) -> tensor<1x1x1x16xi32>
    %241 = stablehlo.broadcast_in_dim %arg16, dims = [] : (tensor<i32>) -> tensor<1x1x1x16xi32>
    %242 = stablehlo.compare LE, %240, %241, SIGNED : (tensor<1x1x1x16xi32>, tensor<1x1x1x16xi32>) -> tensor<1x1x1x16xi1>
    %cst_47 = stablehlo.constant dense<-1.000000e+30> : tensor<f32>
    %243 = call @_where(%242, %238, %cst_47) : (tensor<1x1x1x16xi1>, tensor<1x4x1x16xf32>, tensor<f32>) -> tensor<1x4x1x16xf32>
    %cst_48 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %244 = stablehlo.reduce(%243 init: %cst_48) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x1x16xf32>, tensor<f32>) -> tensor<1x4x1xf32>
    %cst_49 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %245 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<1x4x1xf32>
    %246 = stablehlo.maximum %245, %244 : tensor<1x4x1xf32>
    %247 = stablehlo.broadcast_in_dim %246, dims = [0, 1, 2] : (tensor<1x4x1xf32>) -> tensor<1x4x1x1xf32>
    %248 = stablehlo.broadcast_in_dim %247, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x16xf32>
    %249 = stablehlo.subtract %243, %248 : tensor<1x4x1x16xf32>
    %250 = stablehlo.exponential %249 : tensor<1x4x1x16xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %251 = stablehlo.reduce(%250 init: %cst_50) applies stablehlo.add across dimensions = [3] : (tensor<1x4x1x16xf32>, tensor<f32>) -> tensor<1x4x1xf32>
    %252 = stablehlo.broadcast_in_dim %251, dims = [0, 1, 2] : (tensor<1x4x1xf32>) -> tensor<1x4x1x1xf32>
    %253 = stablehlo.broadcast_in_dim %252, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x16xf32>
    %254 = stablehlo.divide %250, %253 : tensor<1x4x1x16xf32>
    %255 = stablehlo.dot_general %254, %235, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<1x4x1x16xf32>, tensor<1x4x16x8xf32>) -> tensor<1x4x1x8xf32>
    %256 = stablehlo.reshape %255 : (tensor<1x4x1x8xf32>) -> tensor<1x32xf32>
    %257 = stablehlo.dot_general %256, %arg11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32xf32>, tensor<32x32xf32>) -> tensor<1x32xf32>
    %258 = stablehlo.add %140, %257 : tensor<1x32xf32>
    %259 = stablehlo.multiply %258, %258 : tensor<1x32xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %260 = stablehlo.reduce(%259 init: %cst_51) applies stablehlo.add across dimensions = [1] : (tensor<1x32xf32>, tensor<f32>) -> tensor<1xf32>
    %261 = stablehlo.broadcast_in_dim %260, dims = [0] : (tensor<1xf32>) -> tensor<1x1xf32>
    %cst_52 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %262 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %263 = stablehlo.divide %261, %262 : tensor<1x1xf32>
    %cst_53 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %264 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %265 = stablehlo.add %263, %264 : tensor<1x1xf32>
    %266 = stablehlo.rsqrt %265 : tensor<1x1xf32>
    %267 = stablehlo.broadcast_in_dim %266, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x32xf32>
    %268 = stablehlo.multiply %258, %267 : tensor<1x32xf32>
    %269 = stablehlo.broadcast_in_dim %arg8, dims = [1] : (tensor<32xf32>) -> tensor<1x32xf32>
    %270 = stablehlo.multiply %268, %269 : tensor<1x32xf32>
    %271 = stablehlo.dot_general %270, %arg9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32xf32>, tensor<32x128xf32>) -> tensor<1x128xf32>
    %272 = call @silu(%271) : (tensor<1x128xf32>) -> tensor<1x128xf32>
    %273 = stablehlo.dot_general %272, %arg10, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x128xf32>, tensor<128x32xf32>) -> tensor<1x32xf32>
    %274 = stablehlo.add %258, %273 : tensor<1x32xf32>
    %275 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<64x32xf32>) -> tensor<32x64xf32>
    %276 = stablehlo.dot_general %274, %275, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x32xf32>, tensor<32x64xf32>) -> tensor<1x64xf32>
    %277 = stablehlo.broadcast_in_dim %95, dims = [1, 2, 3, 4] : (tensor<1x4x16x8xf32>) -> tensor<1x1x4x16x8xf32>
    %278 = stablehlo.broadcast_in_dim %229, dims = [1, 2, 3, 4] : (tensor<1x4x16x8xf32>) -> tensor<1x1x4x16x8xf32>
    %279 = stablehlo.concatenate %277, %278, dim = 0 : (tensor<1x1x4x16x8xf32>, tensor<1x1x4x16x8xf32>) -> tensor<2x1x4x16x8xf32>
    %280 = stablehlo.broadcast_in_dim %101, dims = [1, 2, 3, 4] : (tensor<1x4x16x8xf32>) -> tensor<1x1x4x16x8xf32>
    %281 = stablehlo.broadcast_in_dim %235, dims = [1, 2, 3, 4] : (tensor<1x4x16x8xf32>) -> tensor<1x1x4x16x8xf32>
    %282 = stablehlo.concatenate %280, %281, dim = 0 : (tensor<1x1x4x16x8xf32>, tensor<1x1x4x16x8xf32>) -> tensor<2x1x4x16x8xf32>
    return %276, %279, %282 : tensor<1x64xf32>, tensor<2x1x4x16x8xf32>, tensor<2x1x4x16x8xf32>
  }
  func.func private @_where(%arg0: tensor<1x1x1x16xi1>, %arg1: tensor<1x4x1x16xf32>, %arg2: tensor<f32>) -> tensor<1x4x1x16xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xi1>) -> tensor<1x4x1x16xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x4x1x16xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<1x4x1x16xi1>, tensor<1x4x1x16xf32>
    return %3 : tensor<1x4x1x16xf32>
  }
  func.func private @silu(%arg0: tensor<1x128xf32>) -> tensor<1x128xf32> {
    %0 = stablehlo.negate %arg0 : tensor<1x128xf32>
    %1 = stablehlo.exponential %0 : tensor<1x128xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x128xf32>
    %3 = stablehlo.add %2, %1 : tensor<1x128xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x128xf32>
    %5 = stablehlo.divide %4, %3 : tensor<1x128xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<1x128xf32>
    return %6 : tensor<1x128xf32>
  }
}
